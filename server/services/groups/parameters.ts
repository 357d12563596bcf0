import { z } from 'zod';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_DEVICES_MAX,
  GROUP_NAME_MAX,
  GROUP_USERS_MAX,
} from '../../../protocol/groups';
import { datatableSchema } from '../../../protocol/paging';
import { rowIdField } from '../../db/storable';
import { plainFilterSchema, rowFilterParameters } from '../../resources/definition-filters';
import { databaseSchema } from '../projects/access';

/** The columns the group list sorts by (protocol/resources/groups.ts). */
export const GROUP_SORTS = [
  'ID',
  'NAME',
  'DESCRIPTION',
  'PLATFORM',
  'DEVICES',
  'USERS',
  'SYNCED',
  'PROVISIONED',
] as const;

const groupId = rowIdField('a group ID');
/** A device or user of a group: its ID, or its row ({IDDEVICE} / {IDUSER}). */
const deviceRef = z.union([groupId, z.object({ IDDEVICE: groupId }).transform((d) => d.IDDEVICE)]);
const userRef = z.union([groupId, z.object({ IDUSER: groupId }).transform((u) => u.IDUSER)]);

const project = {
  database: databaseSchema,
  /** The project's identifier (pid), checked against `database` when given. */
  pid: z.string().max(100).optional(),
};

const search = plainFilterSchema({ q: z.string().max(200).optional() });

/** A group as the editor sends it; absent lists keep the group's own when it exists. */
export const groupData = z.object({
  ID: groupId.optional(),
  NAME: z.string().max(GROUP_NAME_MAX).nullish(),
  DESCRIPTION: z.string().max(GROUP_DESCRIPTION_MAX).nullish(),
  Devices: z.array(deviceRef).max(GROUP_DEVICES_MAX).optional(),
  Users: z.array(userRef).max(GROUP_USERS_MAX).optional(),
  PublishUsers: z.array(userRef).max(GROUP_USERS_MAX).optional(),
});

export type GroupData = z.infer<typeof groupData>;

/**
 * `admgroups` (002 §7): `oper` all (the tab's list), groups (a light list for pickers), group
 * (one whole group), users (who may manage groups), update (create or change) and delete.
 */
export const admgroupsParameter = z.discriminatedUnion('oper', [
  z.object({
    oper: z.literal('all'),
    ...project,
    datatable: datatableSchema
      .extend({ orderBy: z.enum(GROUP_SORTS).default('NAME') })
      .default({ start: 0, length: 10, orderBy: 'NAME', orderDir: 'asc' }),
    filter: search,
    ...rowFilterParameters,
  }),
  z.object({
    oper: z.literal('groups'),
    ...project,
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    filter: search,
  }),
  z.object({ oper: z.literal('group'), ...project, ID: groupId }),
  z.object({
    oper: z.literal('users'),
    ...project,
    datatable: datatableSchema.default({ start: 0, length: 20, orderDir: 'asc' }),
    filter: search,
  }),
  z.object({ oper: z.literal('update'), ...project, ID: groupId.optional(), data: groupData }),
  z.object({
    oper: z.literal('delete'),
    ...project,
    ID: groupId.optional(),
    data: z.object({ ID: groupId }).optional(),
  }),
]);

export type AdmgroupsParameter = z.infer<typeof admgroupsParameter>;

/** The opers that change groups: they need the node's write mode. */
export const WRITE_OPERS: readonly string[] = ['update', 'delete'];

export const syncgroupsParameter = z.object(project);

/** `provigroup`: the group as `data` (its ID, or `{ID}`). */
export const provigroupParameter = z.object({
  ...project,
  data: z.union([groupId, z.object({ ID: groupId }).transform((g) => g.ID)]),
});
