import { z } from 'zod';
import { saveDevice } from '../devices/save';
import { devicesWithPages } from '../devices/list';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { entityOperations } from '../../engine/index';
import { recents } from '../projects/recents';
import { deleteProjectFile, downloadProjectFile } from '../../project-files/operations';
import { aliasOf } from './alias';
import { jsonOrValue } from './json';

const anyParameter = z.looseObject({});

/** `deviceUpdate` {database, device | filter | data} (001 §7): our `saveDevice`. */
export const deviceUpdate = aliasOf(
  'deviceUpdate',
  saveDevice,
  anyParameter,
  ({ device, filter, data, ...rest }) => ({
    ...rest,
    device: device ?? jsonOrValue(filter) ?? jsonOrValue(data),
  }),
);

/**
 * `getFile` {database, filter | path} (001 §7): our `downloadProjectFile`, a project file's name,
 * size and time; its bytes come from `POST /api/projects/files/download` {database, path}.
 */
export const getFile = aliasOf(
  'getFile',
  downloadProjectFile,
  anyParameter,
  ({ filter, ...rest }) => ({
    ...rest,
    path: rest.path ?? filter,
  }),
);

/** The engine's list of the environments under its older name, `environments`. */
const environments = entityOperations(ENVIRONMENTS).find((o) => o.name === 'environments')!;

/** `admservices` {oper: 'all'} (002 §7 Admin API): the company's servers, our `environments`. */
export const admservices = aliasOf(
  'admservices',
  environments,
  z.looseObject({ oper: z.literal('all') }),
  ({ oper: _oper, ...rest }) => rest,
);

/** `kioskDevices` {database, …} (002 §7 "Kiosk devices"): a kiosk project's devices, paged. */
export const kioskDevices = aliasOf(
  'kioskDevices',
  devicesWithPages,
  anyParameter,
  (given) => given,
);

/**
 * `kioskProfiles` {datatable?, filter?} (002 §7 "Kiosk profiles"): the kiosk projects the caller
 * reaches, as `recents` lists them.
 */
export const kioskProfiles = aliasOf(
  'kioskProfiles',
  recents,
  z.looseObject({ filter: z.looseObject({}).optional() }),
  ({ filter, ...rest }) => ({ ...rest, filter: { ...filter, projectType: 'kiosk' } }),
);

/**
 * `getLicences` {datatable?, filter?} (002 §7 Manager API "Get licences"): the company's licences
 * per environment (maxLicences, assignedLicences, environment licences), our `environments`.
 */
export const getLicences = aliasOf('getLicences', environments, anyParameter, (given) => given);

/**
 * `deleteExtraFiles` {database, filename, path} (002 §7 "Delete extra files"): a file of the
 * project's file browser, `path` its folder ('' the root): our `deleteProjectFile`.
 */
export const deleteExtraFiles = aliasOf(
  'deleteExtraFiles',
  deleteProjectFile,
  z.looseObject({
    filename: z.string().max(255).optional(),
    path: z.string().max(1000).optional(),
  }),
  ({ filename, path, ...rest }) => ({
    ...rest,
    path: [path?.replace(/\/+$/, ''), filename].filter(Boolean).join('/'),
  }),
);

/** Every alias: gated as its target (services/route.ts reads `aliasOf`). */
export const SPEC_ALIASES = [
  deviceUpdate,
  getFile,
  admservices,
  kioskDevices,
  kioskProfiles,
  getLicences,
  deleteExtraFiles,
];
