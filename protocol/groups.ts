/**
 * Device groups (000 §2 "Group editor", §3 Group, §5 group validation, §8 texts): the rules a
 * group must meet to be saved, synchronised and provisioned, written once for the console's
 * editor and the server's operations, with the specification's messages (Spanish verbatim).
 */

/** Longest name and description of a group. */
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;
/** Most devices and users one group holds (the editor's lists are loaded whole). */
export const GROUP_DEVICES_MAX = 5000;
export const GROUP_USERS_MAX = 200;
/** The device picker's page (000 §9: pages at 10, 4 filter slots). */
export const GROUP_PICKER_PAGE = 10;

/** A group's device as the wire carries it (000 §3 Group.Devices). */
export interface GroupDevice {
  IDGROUP: number | null;
  IDDEVICE: number;
  PIN: string | null;
  OWNER: string | null;
  EMAIL: string | null;
  PLATFORM: string | null;
  MID: string;
}

/** A user who manages a group (000 §3 Group.Users). */
export interface GroupUser {
  IDGROUP: number | null;
  IDUSER: number;
  LOGIN: string;
  EMAIL: string | null;
}

/** A whole group (000 §3 Group); PublishUsers: the IDUSER of those who may publish updates. */
export interface Group {
  ID: number;
  NAME: string;
  DESCRIPTION: string;
  PLATFORM: string | null;
  Users: GroupUser[];
  Devices: GroupDevice[];
  PublishUsers: number[];
}

/** The four checks of a save, in the order the specification gives them (000 §5). */
export type GroupIssue = 'noName' | 'noDescription' | 'noDevices' | 'mixedPlatforms';

export const GROUP_MESSAGES = {
  es: {
    noName: 'Debe indicar un nombre al grupo',
    noDescription: 'Debe indicar una descripción al grupo',
    noDevices: 'No se permiten grupos sin dispositivos.',
    mixedPlatforms: 'No se permiten grupos con dispositivos de distintas plataformas.',
    noGroups: 'No existen grupos.',
    provisionNoDevices: 'No existen dispositivos en el grupo.',
    provisionNoModel: 'No existe el modelo. Sincronice primero.',
    syncFailed: 'Problemas al sincronizar grupos.',
    provisionFailed: 'Problemas al provisionar grupo.',
    deleteFailed: 'Problemas al borrar grupo.',
    synced: 'Sincronización correcta',
    provisioned: 'Provisión correcta',
    deleted: 'Grupo borrado',
  },
  en: {
    noName: 'Give the group a name',
    noDescription: 'Give the group a description',
    noDevices: 'Groups without devices are not allowed.',
    mixedPlatforms: 'Groups with devices of different platforms are not allowed.',
    noGroups: 'There are no groups.',
    provisionNoDevices: 'There are no devices in the group.',
    provisionNoModel: 'The model does not exist. Synchronise first.',
    syncFailed: 'Problems synchronising the groups.',
    provisionFailed: 'Problems provisioning the group.',
    deleteFailed: 'Problems deleting the group.',
    synced: 'Groups synchronised',
    provisioned: 'Group provisioned',
    deleted: 'Group deleted',
  },
} as const;

export type GroupMessageKey = keyof (typeof GROUP_MESSAGES)['es'];

/**
 * The first rule a group breaks, or null: a name, a description, at least one device, and all
 * its devices of one platform (a device without a platform counts as a platform of its own).
 */
export function groupIssue(group: {
  NAME?: string | null;
  DESCRIPTION?: string | null;
  platforms: readonly (string | null)[];
}): GroupIssue | null {
  if (!group.NAME?.trim()) return 'noName';
  if (!group.DESCRIPTION?.trim()) return 'noDescription';
  if (group.platforms.length === 0) return 'noDevices';
  if (new Set(group.platforms.map((p) => p ?? '')).size > 1) return 'mixedPlatforms';
  return null;
}
