import type { ResourceDefinition } from '../resource-definition';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { POLICY_PLATFORM_CHOICES } from './mdm-policies';
import { mdmAccess } from './mdm-access';
import { NON_COMPLIANCE_REASON_CHOICES } from '../mdm/device-messages';

/** Which list a managed device is in: its platform, and Android kiosks apart (docs/mdm.md). */
export const DEVICE_KIND_CHOICES = [
  { code: 'android', label: { es: 'Android', en: 'Android' } },
  { code: 'kiosk', label: { es: 'Android kiosco', en: 'Android kiosk' } },
  { code: 'ios', label: { es: 'iOS', en: 'iOS' } },
  { code: 'windows', label: { es: 'Windows', en: 'Windows' } },
];

/** An enrolled device waits for approval (`pending`), is managed (`active`) or was refused. */
export const DEVICE_STATE_CHOICES = [
  { code: 'pending', label: { es: 'Pendiente', en: 'Pending' } },
  { code: 'active', label: { es: 'Gestionado', en: 'Managed' } },
  { code: 'refused', label: { es: 'Rechazado', en: 'Refused' } },
];

/** What the device said of its policy: not reported yet, all applied, or some settings not. */
export const COMPLIANCE_CHOICES = [
  { code: 'unknown', label: { es: 'Sin informe', en: 'Not reported' } },
  { code: 'compliant', label: { es: 'Cumple', en: 'Compliant' } },
  { code: 'noncompliant', label: { es: 'No cumple', en: 'Not compliant' } },
];

/**
 * Where a device's policy comes from (docs/mdm.md "Assignment"): given to the device itself by an
 * administrator, from a device group it is in, or from the token it enrolled with.
 */
export const POLICY_SOURCE_CHOICES = [
  { code: 'device', label: { es: 'Del dispositivo', en: 'Own' } },
  { code: 'group', label: { es: 'Del grupo', en: 'From group' } },
  { code: 'token', label: { es: 'Del token', en: 'From token' } },
];

const readOnlyText = (source: string, es: string, en: string, maxLength = 200) =>
  field(source, 'text', { label: { es, en }, readOnly: true, maxLength });

const entity = defineEntity({
  name: 'mdm-devices',
  table: 'mdm_devices',
  title: {
    one: { es: 'Dispositivo MDM', en: 'MDM device' },
    many: { es: 'Dispositivos MDM', en: 'MDM devices' },
  },
  path: '/app/mdmadmin',
  labelField: 'mid',
  search: { es: 'Buscar por MID, modelo o propietario', en: 'Search by MID, model or owner' },
  ...mdmAccess('user', 'devices', 12),
  sort: { field: 'lastSeen', order: 'DESC' },
  rowColours: [
    { field: 'compliance', equals: 'noncompliant', colour: 'warning' },
    { field: 'state', equals: 'pending', colour: 'info' },
    { field: 'state', equals: 'refused', colour: 'disabled' },
  ],
  card: { status: { field: 'compliance' }, fields: ['model', 'owner', 'lastSeen'] },
  hiddenColumns: ['kind', 'state', 'enrolledAt'],
  fields: [
    { ...readOnlyText('mid', 'MID', 'MID', 100), unique: true, noWrap: true },
    field('kind', 'choice', {
      label: { es: 'Tipo', en: 'Kind' },
      choices: DEVICE_KIND_CHOICES,
      readOnly: true,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      readOnly: true,
    }),
    field('state', 'choice', {
      label: { es: 'Estado', en: 'State' },
      choices: DEVICE_STATE_CHOICES,
      readOnly: true,
    }),
    field('owner', 'text', {
      label: { es: 'Propietario', en: 'Owner' },
      maxLength: 100,
      edit: true,
    }),
    field('mdmUser', 'reference', {
      label: { es: 'Usuario MDM', en: 'MDM user' },
      reference: 'mdm-users',
      edit: true,
    }),
    readOnlyText('model', 'Modelo', 'Model', 100),
    readOnlyText('os', 'Sistema', 'OS', 100),
    field('policy', 'reference', {
      label: { es: 'Política', en: 'Policy' },
      reference: 'mdm-policies',
      edit: true,
      hint: {
        es: 'otra la hace propia del dispositivo; vacía: la de su grupo o su token',
        en: "another makes it the device's own; empty: its group's or its token's",
      },
    }),
    field('policySource', 'choice', {
      label: { es: 'Origen de la política', en: 'Policy from' },
      choices: POLICY_SOURCE_CHOICES,
      readOnly: true,
    }),
    // Of a policy from a group: the assignment it comes from (its label is the group's name).
    field('assignment', 'reference', {
      label: { es: 'Asignación a grupo', en: 'Group assignment' },
      reference: 'mdm-assignments',
      readOnly: true,
      list: false,
    }),
    // The policy an administrator gave the device itself; empty: it inherits (group, then token).
    field('ownPolicy', 'reference', {
      label: { es: 'Política propia', en: 'Own policy' },
      reference: 'mdm-policies',
      readOnly: true,
      list: false,
    }),
    field('appliedVersion', 'int', {
      label: { es: 'Versión aplicada', en: 'Applied version' },
      readOnly: true,
    }),
    field('compliance', 'choice', {
      label: { es: 'Cumplimiento', en: 'Compliance' },
      choices: COMPLIANCE_CHOICES,
      readOnly: true,
    }),
    field('reasons', 'text', {
      label: { es: 'Motivos de incumplimiento', en: 'Non-compliance reasons' },
      // Filtered by one reason picked from their labels (a device with it among others too).
      choices: NON_COMPLIANCE_REASON_CHOICES,
      codeList: true,
      readOnly: true,
      maxLength: 500,
      sort: false,
    }),
    field('nonCompliance', 'json', {
      label: { es: 'Ajustes sin aplicar', en: 'Settings not applied' },
      readOnly: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('lastSeen', 'datetime', {
      label: { es: 'Último contacto', en: 'Last seen' },
      readOnly: true,
      display: 'relative',
    }),
    field('enrolledAt', 'datetime', {
      label: { es: 'Inscrito', en: 'Enrolled' },
      readOnly: true,
    }),
    field('project', 'int', {
      label: { es: 'Proyecto', en: 'Project' },
      readOnly: true,
      list: false,
    }),
    field('token', 'int', {
      label: { es: 'Token de inscripción', en: 'Enrolment token' },
      readOnly: true,
      list: false,
      filter: false,
      sort: false,
    }),
  ],
});

/**
 * The managed devices (issue 36, docs/mdm.md): one row per device enrolled with an MDM enrolment
 * token (server/mdm/enrol.ts), its device row living in the token's project (where its commands
 * queue). Listed by kind at `/app/mdmadmin` (Android), `/app/mdmadminkiosk`, `/app/mdmadminios`,
 * waiting ones at `/app/mdmpendingdevices`, one at `/app/mdmadminedit?device=<id>`
 * (src/custom/mdm/). Devices enrol themselves, so there is no create; an administrator changes its
 * owner and policy, approves or refuses it (`mdmSetPendingDevices`, the bulk actions) and deletes
 * it (which ends its credential). The compliance columns are written by the device's reports.
 */
const { create: _create, ...verbs } = entity.verbs;

export const MDM_DEVICES = {
  ...entity,
  verbs,
  // Devices enrol and report compliance on their own: the lists read them again while shown.
  refreshSeconds: 15,
  bulk: [
    {
      name: 'approve',
      label: { es: 'Aprobar', en: 'Approve' },
      permission: { role: 'admin' as const },
      call: { operation: 'mdmSetPendingDevices', id: 'id', fixed: { status: 'enabled' } },
    },
    {
      name: 'refuse',
      label: { es: 'Rechazar', en: 'Refuse' },
      permission: { role: 'admin' as const },
      call: { operation: 'mdmSetPendingDevices', id: 'id', fixed: { status: 'disabled' } },
    },
  ],
};

/**
 * A list of some of the managed devices: the same rows, columns, verbs and bulk actions as
 * `mdm-devices` (its engine operations), narrowed by a fixed filter (docs/resources.md
 * `fixedFilter`), at its own path and menu entry. It owns no storage.
 */
function deviceView(
  name: string,
  path: string,
  many: { es: string; en: string },
  fixedFilter: Record<string, string>,
  order: number,
): ResourceDefinition {
  const { storage: _storage, ...devices } = MDM_DEVICES;
  return {
    ...devices,
    name,
    path,
    title: { one: MDM_DEVICES.title.one, many },
    menu: { section: 'devices', icon: 'devices', order },
    fixedFilter,
  };
}

/** Android kiosk devices (`/app/mdmadminkiosk`): an Android policy with a `KIOSK` app. */
export const MDM_KIOSK_DEVICES = deviceView(
  'mdm-kiosk-devices',
  '/app/mdmadminkiosk',
  { es: 'Dispositivos MDM kiosco', en: 'MDM kiosk devices' },
  { kind: 'kiosk' },
  13,
);

/** iOS and iPadOS devices (`/app/mdmadminios`). */
export const MDM_IOS_DEVICES = deviceView(
  'mdm-ios-devices',
  '/app/mdmadminios',
  { es: 'Dispositivos MDM iOS', en: 'MDM iOS devices' },
  { kind: 'ios' },
  14,
);

/** Devices waiting for approval (`/app/mdmpendingdevices`): approve or refuse, one or many. */
export const MDM_PENDING_DEVICES = deviceView(
  'mdm-pending-devices',
  '/app/mdmpendingdevices',
  { es: 'Aprobaciones MDM', en: 'MDM approvals' },
  { state: 'pending' },
  15,
);
