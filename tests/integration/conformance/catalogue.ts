import { createHash, randomUUID } from 'node:crypto';
import { ENVIRONMENT_CALLBACK_PATH, EXTERNAL_CLIENT_ID } from '../../../protocol/projects';

/**
 * The catalogue of every call the three specification documents name (issue 38): one entry per
 * call, with where it is named, the shape the document gives, who calls it and what the answer
 * must carry. `catalogue.test.ts` walks it. Names the documents give without a path ("Icons",
 * "Host type", the factory calls of 000 §7) are served under the operation in `operation`;
 * docs/api.md ("The specification's names") lists them.
 */

/** What a test knows of the seeded demo when it builds a parameter. */
export interface Ctx {
  /** The demo project's number and pid. */
  db: number;
  pid: string;
  companyId: number;
  /** A device of the demo project (`DEV-1`, ID `deviceId`). */
  mid: string;
  deviceId: number;
  /** The `usuario` user's id. */
  userId: number;
  /** The company's system environment. */
  envId: number;
  /** A unique suffix for names the call creates. */
  unique: string;
  /** The server's PUBLIC_URL. */
  publicUrl: string;
}

export type Caller = 'admin' | 'superadmin' | 'usuario' | 'none';

/** A refusal the documents name: the parameter that earns it and its text (Spanish). */
export interface Refusal {
  parameter: (c: Ctx) => unknown;
  as?: Caller;
  /** Another endpoint than the call's (HTTP calls). */
  url?: string;
  /** The description, exactly or by pattern; for HTTP calls the status too. */
  text: string | RegExp;
  code?: string;
  status?: number;
}

interface Base {
  /** The name the document gives, in its words. */
  name: string;
  /** Document and section: '000 §7'. */
  spec: string;
  as?: Caller;
  /**
   * 'ok': error.code '0'. 'served': the envelope, the call known (it needs state this walk does
   * not build: its effects are tested in the file named by `tested`).
   */
  expect?: 'ok' | 'served';
  tested?: string;
  /** Field names of the result, or of its first row when it is a page or a list. */
  fields?: string[];
  /** A page: recordsTotal in the envelope and in result. */
  paged?: boolean;
  /** The refusals the documents name a text for (one or several). */
  refusal?: Refusal | Refusal[];
}

/** POST /api/services {operation, parameter}. */
export interface ServiceCall extends Base {
  kind: 'service';
  operation: string;
  parameter: (c: Ctx) => unknown;
}

/** Another endpoint: the body as the document gives it. */
export interface HttpCall extends Base {
  kind: 'http';
  method: 'GET' | 'POST';
  url: string | ((c: Ctx) => string);
  body?: (c: Ctx) => unknown;
  /**
   * The answer's shape: the services envelope, the data service's {err, data}, plain JSON, or the
   * identity provider's redirect to its sign-in.
   */
  shape: 'envelope' | 'err-data' | 'json' | 'redirect';
  status?: number;
}

export type SpecCall = ServiceCall | HttpCall;

const service = (
  name: string,
  spec: string,
  operation: string,
  parameter: (c: Ctx) => unknown,
  more: Partial<ServiceCall> = {},
): ServiceCall => ({ kind: 'service', name, spec, operation, parameter, ...more });

const page = { datatable: { start: 0, length: 10 } };

/** POST /api/kioskpremium/Actions {operation: 'kiosk', parameter: {oper, …}} (002 §7). */
const premium = (
  oper: string,
  parameter: (c: Ctx) => object = () => ({}),
  more: Partial<HttpCall> = {},
): HttpCall => ({
  kind: 'http',
  name: oper,
  spec: '002 §7 Premium kiosk actions',
  method: 'POST',
  url: '/api/kioskpremium/Actions',
  body: (c) => ({ operation: 'kiosk', parameter: { oper, ...parameter(c) } }),
  shape: 'envelope',
  expect: 'served',
  tested: 'tests/integration/kiosk-premium.test.ts',
  ...more,
});

/** POST /api/kioskpremium/Actionstable {database, oper, …} (002 §7). */
const premiumTable = (oper: string, more: Partial<HttpCall> = {}): HttpCall => ({
  kind: 'http',
  name: oper,
  spec: '002 §7 Premium server-side tables',
  method: 'POST',
  url: '/api/kioskpremium/Actionstable',
  body: (c) => ({ database: c.db, oper, profile: 1, ...page, rowfilter: {}, rowfilteroper: {} }),
  shape: 'envelope',
  ...more,
});

/** POST /api/kiosk/Actions {operation: 'kiosk', parameter: {oper, filter, data}} (002 §7). */
const simpleKiosk = (
  oper: string,
  filter: unknown = {},
  data: unknown = {},
  more: Partial<HttpCall> = {},
): HttpCall => ({
  kind: 'http',
  name: oper,
  spec: '002 §7 Simple kiosk',
  method: 'POST',
  url: '/api/kiosk/Actions',
  body: () => ({ operation: 'kiosk', parameter: { oper, filter, data } }),
  shape: 'envelope',
  ...more,
});

/** POST /api/kioskpremium/mdm {operation: 'mdm', parameter: {oper, data}} (001 §7, 002 §7). */
const mdmOper = (oper: string, data: (c: Ctx) => unknown, spec = '001 §7 Device commands') =>
  ({
    kind: 'http',
    name: oper,
    spec,
    method: 'POST',
    url: '/api/kioskpremium/mdm',
    body: (c: Ctx) => ({ operation: 'mdm', parameter: { oper, data: data(c) } }),
    shape: 'envelope',
    expect: 'served',
    tested: 'tests/integration/commands.test.ts',
  }) satisfies HttpCall;

const DEVICE_FIELDS = [
  'ID',
  'PIN',
  'MID',
  'OWNER',
  'USERNAME',
  'DEVICEGROUP',
  'MODEL',
  'SINCRONISMO',
  'STATUS',
  'PENDIENTE',
  'DEVICE_TYPE',
  'EMAIL',
];

export const CATALOGUE: SpecCall[] = [
  // ── 000 §7: the services operations and the other calls of the MAM area ──
  service(
    'devicesWithPages',
    '000 §7',
    'devicesWithPages',
    (c) => ({
      database: c.db,
      ...page,
      rowfilter: {},
      rowfilteroper: {},
      platform: '',
      status: '',
    }),
    {
      fields: DEVICE_FIELDS,
      paged: true,
      refusal: {
        parameter: () => ({ database: 999999 }),
        text: 'El proyecto 999999 no existe o no pertenece a su empresa.',
      },
    },
  ),
  service(
    'devicesWithPages (group device picker, status short)',
    '000 §2',
    'devicesWithPages',
    (c) => ({ database: c.db, ...page, rowfilter: {}, rowfilteroper: {}, status: 'short' }),
    { paged: true, expect: 'served' },
  ),
  service(
    'tablesData (SQL text)',
    '000 §7',
    'tablesData',
    (c) => ({
      database: c.db,
      filter: 'SELECT 1 AS uno',
    }),
    { fields: ['Columns', 'Datas', 'RecordsAffected'] },
  ),
  service(
    'tablesData (paged, a table name)',
    '000 §7',
    'tablesData',
    (c) => ({ database: c.db, filter: 'devices', ...page, rowfilter: {}, rowfilteroper: {} }),
    { fields: ['Columns', 'Datas', 'RecordsAffected'], paged: true },
  ),
  service('tablesColumns', '000 §7', 'tablesColumns', (c) => ({
    database: c.db,
    filter: 'devices',
  })),
  service(
    'getStatisticSemaphore (thresholds)',
    '000 §7',
    'getStatisticSemaphore',
    (c) => ({ database: c.db }),
    { fields: ['Total', 'ElementsGreen', 'ElementsNoOps', 'ElementsYellow', 'ElementsRed'] },
  ),
  service('getStatisticSemaphore (SQUEUE)', '000 §7', 'getStatisticSemaphore', (c) => ({
    database: c.db,
    filter: { table: 'SQUEUE' },
  })),
  service('getStatisticSemaphore (QUEUE)', '000 §7', 'getStatisticSemaphore', (c) => ({
    database: c.db,
    filter: 'QUEUE',
  })),
  service('updatesList', '000 §7', 'updatesList', (c) => ({ database: c.db }), {
    fields: ['ListUpd', 'ListDeviceUpd', 'Pendientes', 'Confirmadas', 'ListPlatform'],
  }),
  service(
    'filesForUpdate',
    '000 §7',
    'filesForUpdate',
    (c) => ({
      database: c.db,
      filter: '1.0.0.0',
    }),
    { expect: 'served', tested: 'tests/integration/updates.test.ts' },
  ),
  service('getVersionUpdate', '000 §7', 'getVersionUpdate', (c) => ({
    database: c.db,
    filter: 'GENERAL',
  })),
  service('uploadPublish', '000 §7', 'uploadPublish', (c) => ({ database: c.db, filter: [] }), {
    expect: 'served',
    tested: 'tests/integration/updates.test.ts',
  }),
  service(
    'uploadConfirm',
    '000 §7',
    'uploadConfirm',
    (c) => ({
      database: c.db,
      filter: {
        Type: 2,
        lstMID: [],
        updateRepository: false,
        TempDirectory: randomUUID(),
        SendPush: false,
      },
    }),
    {
      expect: 'served',
      tested: 'tests/integration/updates.test.ts',
      refusal: [2, 3, null].map((Type) => ({
        parameter: (c: Ctx) => ({
          database: c.db,
          filter: { Type, lstMID: [], TempDirectory: randomUUID() },
        }),
        text: {
          2: /No hay dispositivos seleccionados\./,
          3: /No hay grupos seleccionados\./,
          null: /Elige el TIPO de Actualización\./,
        }[String(Type)]!,
      })),
    },
  ),
  {
    kind: 'http',
    name: 'kiosk Actions adminkiosk ListCias',
    spec: '000 §7',
    method: 'POST',
    url: '/api/kiosk/Actions',
    body: () => ({ operation: 'adminkiosk', parameter: { oper: 'ListCias' } }),
    shape: 'envelope',
  },
  {
    kind: 'http',
    name: 'kioskpremium Actions adminkiosk ListCias',
    spec: '000 §7, 002 §7',
    method: 'POST',
    url: '/api/kioskpremium/Actions',
    body: () => ({ operation: 'adminkiosk', parameter: { oper: 'ListCias' } }),
    shape: 'envelope',
    fields: ['EMMKiosk_ENABLED'],
  },
  {
    kind: 'http',
    name: 'Publish step 2: file upload with the alias and folder (not multipart is refused)',
    spec: '000 §4, §7',
    method: 'POST',
    url: '/api/updates/upload',
    body: (c) => ({ database: c.db, alias: randomUUID(), numero: 1, folder: '' }),
    shape: 'envelope',
    status: 415,
    tested: 'tests/integration/updates.test.ts',
  },
  {
    kind: 'http',
    name: 'File upload (not multipart is refused)',
    spec: '000 §7, 002 §7 File upload',
    method: 'POST',
    url: '/api/UploadFile',
    body: () => ({ kiosk: 1 }),
    shape: 'envelope',
    status: 415,
    tested: 'tests/integration/kiosk.test.ts',
  },
  service(
    'Project conversion',
    '000 §7',
    'createProject',
    (c) => ({
      projectname: `Conversión ${c.unique}`,
      databasename: `conv_${c.unique}`,
      ldata: '',
      license: c.envId,
      numlic: 0,
      hasGenerateLDATA: true,
      projectid: `conv-${c.unique}`,
      useReplica: true,
      createBD: false,
    }),
    { fields: ['numero', 'pid', 'failed'] },
  ),
  service('Mark-to-delete', '000 §7', 'markToDelete', () => ({ pid: randomUUID() }), {
    expect: 'served',
    tested: 'tests/integration/projects-lifecycle.test.ts',
    refusal: {
      parameter: () => ({ pid: '00000000-0000-4000-8000-000000000000' }),
      text: /00000000-0000-4000-8000-000000000000/,
    },
  }),
  service('Mark-to-restore', '000 §7', 'markToRestore', () => ({ pid: randomUUID() }), {
    expect: 'served',
    tested: 'tests/integration/projects-lifecycle.test.ts',
  }),
  service('Licence assignment', '000 §7, 002 §7 admlicenses', 'admlicenses', (c) => ({
    oper: 'update',
    database: c.db,
    dbname: 'demo',
    licadd: 0,
  })),
  service('Server licence get', '000 §7, 002 §7', 'getServerLicence', (c) => ({
    environment: c.envId,
  })),
  service('Server licence set', '000 §7, 002 §7', 'setServerLicence', () => ({ ServerLic: '' }), {
    as: 'superadmin',
    expect: 'served',
    tested: 'tests/integration/licences.test.ts',
  }),
  service('Server version get', '000 §7, 002 §7 Version', 'version', () => ({}), {
    fields: ['version', 'apiVersion'],
  }),
  {
    kind: 'http',
    name: 'Server version get (the console build)',
    spec: '000 §7',
    method: 'GET',
    url: '/api/version',
    shape: 'json',
    as: 'none',
    fields: ['version'],
  },
  {
    kind: 'http',
    name: 'Sign-in configuration (client id)',
    spec: '000 §7, 002 §7 Environment sign-in',
    method: 'GET',
    url: '/api/config',
    shape: 'json',
    as: 'none',
    fields: ['issuer', 'clientId'],
  },
  {
    kind: 'http',
    name: 'OpenID popup sign-in (client id xmanager)',
    spec: '000 §7, 002 §7 Environment sign-in',
    method: 'GET',
    url: (c) =>
      `/oidc/auth?${new URLSearchParams({
        client_id: EXTERNAL_CLIENT_ID,
        response_type: 'code',
        scope: 'openid profile email',
        redirect_uri: `${c.publicUrl}${ENVIRONMENT_CALLBACK_PATH}`,
        code_challenge: createHash('sha256').update(c.unique).digest('base64url'),
        code_challenge_method: 'S256',
        state: 'popup',
      })}`,
    shape: 'redirect',
    as: 'none',
    tested: 'tests/integration/external.test.ts',
  },
  // 000 §7 factory calls (paths not shown): served under these operations.
  service('notifications', '000 §7', 'notifications', () => ({}), { paged: true }),
  service('environments', '000 §7', 'environments', () => ({}), {
    paged: true,
    fields: [
      'id',
      'title',
      'address',
      'authority',
      'port',
      'external',
      'maxLicences',
      'assignedLicences',
      'datemask',
      'graph',
    ],
  }),
  service('projects', '000 §7', 'recents', () => ({}), {
    paged: true,
    fields: [
      'numero',
      'pid',
      'owner',
      'hasGroups',
      'platforms',
      'jsonAccess',
      'licensesbyBD',
      'name',
      'licences',
      'licensesInUse',
      'deleted',
      'datedeleted',
      'username',
      'groups',
    ],
  }),
  service('shared projects', '000 §2', 'shareds', () => ({}), { paged: true }),
  service('projects in environments', '000 §2', 'environmentProjects', (c) => ({ id: c.envId }), {
    expect: 'served',
    tested: 'tests/integration/environments.test.ts',
  }),
  service('certificates', '000 §7', 'certificates', () => ({}), { paged: true }),
  service('company lists', '000 §7', 'companies', () => ({}), { paged: true, as: 'superadmin' }),
  service('user list', '000 §7', 'companyUsers', () => ({}), {
    paged: true,
    fields: ['username', 'role', 'enabled', 'email', 'twofactor', 'idcia'],
  }),
  service('number of projects', '000 §7', 'numberOfProjects', () => ({}), {
    fields: ['projects', 'customs'],
  }),
  service('client list', '000 §7', 'clients', () => ({}), { paged: true }),
  service('statistics', '000 §7', 'getStatisticPercent', (c) => ({ database: c.db })),
  service('activity of devices', '000 §7', 'activitydevices', (c) => ({ database: c.db }), {
    fields: ['Total', 'NoReplicate', 'PendingProv', 'PendingUpdates', 'QUEUEOpers', 'SQUEUEOpers'],
  }),
  service('device config get', '000 §7', 'getDBconfig', (c) => ({ database: c.db }), {
    paged: true,
    fields: ['KEYNAME', 'KEYVALUE', 'IDCATEGORY', 'TIPO', 'Category'],
  }),
  service('device config set', '000 §7', 'setDBconfig', (c) => ({
    database: c.db,
    keyname: 'DATASERVICE_PUBLIC',
    keyvalue: '',
  })),
  service(
    'platform update',
    '000 §7, 002 §7 admplatforms',
    'admplatforms',
    (c) => ({
      oper: 'all',
      database: c.db,
    }),
    { fields: ['id', 'platform', 'active', 'models'] },
  ),
  service(
    'remove model',
    '000 §7, 002 §7 admplatforms',
    'admplatforms',
    (c) => ({
      oper: 'removemodel',
      database: c.db,
      idmodel: 987654,
    }),
    { expect: 'served', tested: 'tests/integration/settings-platforms.test.ts' },
  ),
  service(
    'group list',
    '000 §7, 002 §7 admgroups',
    'admgroups',
    (c) => ({
      oper: 'all',
      database: c.db,
    }),
    { paged: true },
  ),
  service(
    'group list (groups)',
    '002 §7 admgroups',
    'admgroups',
    (c) => ({
      oper: 'groups',
      database: c.db,
      pid: c.pid,
    }),
    { expect: 'served', tested: 'tests/integration/groups.test.ts' },
  ),
  service(
    'group update',
    '000 §5, §7',
    'admgroups',
    (c) => ({
      oper: 'update',
      database: c.db,
      pid: c.pid,
      data: {
        NAME: `G${c.unique}`,
        DESCRIPTION: 'Conformidad',
        Devices: [{ IDDEVICE: c.deviceId }],
      },
    }),
    {
      expect: 'served',
      tested: 'tests/integration/groups.test.ts',
      refusal: [
        { data: { NAME: '', DESCRIPTION: 'x' }, text: /Debe indicar un nombre al grupo/ },
        { data: { NAME: 'x', DESCRIPTION: '' }, text: /Debe indicar una descripción al grupo/ },
        {
          data: { NAME: 'x', DESCRIPTION: 'x', Devices: [] },
          text: /No se permiten grupos sin dispositivos\./,
        },
      ].map(({ data, text }) => ({
        parameter: (c: Ctx) => ({ oper: 'update', database: c.db, pid: c.pid, data }),
        text,
      })),
    },
  ),
  service(
    'group sync',
    '000 §7, 002 §7 syncgroups',
    'syncgroups',
    (c) => ({
      database: c.db,
      pid: c.pid,
    }),
    { expect: 'served', tested: 'tests/integration/groups.test.ts' },
  ),
  service(
    'group provisioning',
    '000 §7, 002 §7 provigroup',
    'provigroup',
    (c) => ({ database: c.db, data: { ID: 987654 } }),
    { expect: 'served', tested: 'tests/integration/groups.test.ts' },
  ),
  service(
    'device provisioning (provInstall)',
    '000 §7, 001 §7',
    'provisioningDevice',
    (c) => ({
      database: c.db,
      devices: [
        { ID: c.deviceId, MID: c.mid, LIC: '', DEVICE_TYPE: 'ANDROID', MODEL: '', EMAIL: '' },
      ],
      key: 'provInstall',
    }),
    { expect: 'served', tested: 'tests/integration/provisioning.test.ts' },
  ),
  service(
    'enabling or disabling pending devices',
    '000 §7, 001 §7, 002 §7',
    'setPendingDevices',
    (c) => ({ database: c.db, lstMID: ['DEV-3'], status: 'disabled' }),
  ),
  service('saving UI state', '000 §7', 'saveState', (c) => ({
    state: '/app/home',
    serverid: String(c.envId),
    currentdb: String(c.db),
  })),
  service('loading UI state', '000 §7', 'loadState', () => ({}), {
    fields: ['state', 'serverid', 'currentdb'],
  }),
  service('MDM organizations', '000 §7, 002 §2', 'mdmOrganizationsList', () => page, {
    paged: true,
  }),
  service('MDM policies', '000 §7, 002 §2', 'mdmPoliciesList', () => page, { paged: true }),
  service('MDM users', '000 §7, 002 §2', 'mdmUsersList', () => page, { paged: true }),
  service('MDM roles', '000 §7, 002 §2', 'mdmRolesList', () => page, { paged: true }),
  service('MDM devices', '000 §7, 002 §2', 'mdmDevicesList', () => page, { paged: true }),
  service('MDM endpoint (enrolment tokens)', '000 §7', 'mdmEnrolmentTokensList', () => page, {
    paged: true,
  }),
  service('MDM kiosk', '000 §7, 002 §2', 'kioskConfigList', () => page, { paged: true }),

  // ── 001 §7 Device calls ──
  service('sendPush', '001 §7', 'send push', (c) => ({
    database: c.db,
    devices: [c.mid],
    type: 0,
  })),
  service(
    'deleteDevices',
    '001 §7',
    'deviceDelete',
    (c) => ({ database: c.db, dataArray: [987654] }),
    {
      expect: 'served',
      tested: 'tests/integration/devices-edit.test.ts',
    },
  ),
  service(
    'getDeviceForEdit',
    '001 §7',
    'deviceForEdit',
    (c) => ({ id: c.deviceId, database: c.db }),
    {
      fields: [
        'ID',
        'MID',
        'OWNER',
        'Estado',
        'PIN',
        'PIN2',
        'LIC',
        'EMAIL',
        'Platform',
        'Model',
        'Application',
        'User',
        'Replica',
        'AllApplication',
        'AllUsers',
      ],
    },
  ),
  service(
    'provisioningDevice (provConfigaration)',
    '000 §7, 001 §7',
    'provisioningDevice',
    (c) => ({
      database: c.db,
      devices: [
        {
          ID: c.deviceId,
          MID: c.mid,
          LIC: '',
          DEVICE_TYPE: 'ANDROID',
          MODEL: '',
          EMAIL: '',
          versionPublish: '',
        },
      ],
      key: 'provConfigaration',
    }),
    { expect: 'served', tested: 'tests/integration/provisioning.test.ts' },
  ),
  service(
    'saveDynamicSelected',
    '001 §7',
    'saveDynamicSelected',
    (c) => ({
      database: c.db,
      MID: c.mid,
      newUserID: 1,
    }),
    { expect: 'served', tested: 'tests/integration/devices-edit.test.ts' },
  ),
  service(
    'saveDevicesApplication',
    '001 §7',
    'deviceDevicesApplication',
    (c) => ({
      database: c.db,
      MID: c.mid,
      newUserID: 1,
    }),
    { expect: 'served', tested: 'tests/integration/devices-edit.test.ts' },
  ),
  service('saveDevice', '001 §7', 'saveDevice', (c) => ({
    database: c.db,
    device: { ID: c.deviceId, OWNER: 'Conformidad' },
  })),
  service(
    'createDeviceLic',
    '001 §7',
    'createdevicelic',
    (c) => ({
      database: c.db,
      device: { ID: c.deviceId },
    }),
    { expect: 'served', tested: 'tests/integration/devices-edit.test.ts' },
  ),
  service('getAllApplications', '001 §7', 'applications', (c) => ({ database: c.db })),
  service('getAllUsers', '001 §7', 'users', (c) => ({ database: c.db })),
  service('sendMailToAll', '001 §7', 'admemailall', (c) => ({
    database: c.db,
    subject: 'Asunto',
    message: 'Texto',
  })),
  service('sendMailToDevice', '001 §7', 'admemail', (c) => ({
    database: c.db,
    devices: [c.mid],
    subject: 'Asunto',
    message: 'Texto',
  })),
  service('sendMailToUsers', '001 §7, 002 §7 Send e-mail', 'send e-mail', () => ({
    msg: 'Texto',
    sbj: 'Asunto',
    lstEmails: ['ana@example.com'],
  })),
  ...(['updates', 'replica', 'logs', 'provision', 'inventory', 'helpdesk'] as const).map((data) =>
    service(`deviceData ${data}`, '001 §7', 'deviceData', (c) => ({
      database: c.db,
      mid: c.mid,
      pin: '1234',
      pin2: '5678',
      data,
    })),
  ),
  service(
    'markToDownloaded',
    '001 §7',
    'markToDownloaded',
    (c) => ({
      database: c.db,
      filter: { version: '1.0.0.0', MID: c.mid },
    }),
    { expect: 'served', tested: 'tests/integration/updates.test.ts' },
  ),
  service('cleanUpdatesForMID', '001 §7', 'cleanUpdatesForMID', (c) => ({
    database: c.db,
    filter: c.mid,
  })),
  service('resetUpdatesForMID', '001 §7', 'resetUpdatesForMID', (c) => ({
    database: c.db,
    filter: c.mid,
  })),
  service(
    'deleteHelpDeskForDEVICEID',
    '001 §7',
    'deleteHelpDeskForDEVICEID',
    (c) => ({
      database: c.db,
      filter: { Path: `${c.mid}/devicelogs/no-existe.log` },
    }),
    { expect: 'served', tested: 'tests/integration/helpdesk.test.ts' },
  ),
  {
    kind: 'http',
    name: 'Update download {version, numero}',
    spec: '001 §7',
    method: 'POST',
    url: '/api/updates/download',
    body: (c) => ({ database: c.db, version: '9.9.9.9', numero: c.db }),
    shape: 'envelope',
    expect: 'served',
    tested: 'tests/integration/updates.test.ts',
  },
  {
    kind: 'http',
    name: 'Help-desk download {filePath}',
    spec: '001 §7, 002 §7 Help-desk files',
    method: 'POST',
    url: '/api/helpdesk/download',
    body: (c) => ({ database: c.db, mid: c.mid, filePath: 'devicelogs/no-existe.log' }),
    shape: 'envelope',
    status: 404,
    tested: 'tests/integration/helpdesk.test.ts',
  },
  service(
    'View log',
    '001 §7, 002 §7 Help-desk files',
    'viewLog',
    (c) => ({
      database: c.db,
      mid: c.mid,
      stFilename: 'devicelogs/no-existe.log',
      stText: '',
      compress: true,
    }),
    { expect: 'served', tested: 'tests/integration/helpdesk.test.ts' },
  ),
  service(
    'View image',
    '001 §7, 002 §7 Help-desk files',
    'viewImage',
    (c) => ({
      database: c.db,
      mid: c.mid,
      stFilename: 'screenshots/no-existe.png',
    }),
    { expect: 'served', tested: 'tests/integration/helpdesk.test.ts' },
  ),
  // 001 §7 "Extra operations seen in the service", 002 §7 "Services API operations".
  service('activeDevices', '001 §7, 002 §7', 'activeDevices', (c) => ({ database: c.db })),
  service('devices', '001 §7, 002 §7', 'devices', (c) => ({ database: c.db })),
  service('deviceDynamicSelected', '001 §7, 002 §7', 'deviceDynamicSelected', (c) => ({
    database: c.db,
    mid: c.mid,
  })),
  service('deviceUpdate', '001 §7, 002 §7', 'deviceUpdate', (c) => ({
    database: c.db,
    filter: JSON.stringify({ ID: c.deviceId, OWNER: 'Conformidad' }),
  })),
  service(
    'deviceDelete (single)',
    '001 §7, 002 §7',
    'deviceDelete',
    (c) => ({
      database: c.db,
      id: 987654,
    }),
    { expect: 'served', tested: 'tests/integration/devices-edit.test.ts' },
  ),
  service(
    'deviceProvisionTask (oper)',
    '001 §7, 002 §7',
    'deviceProvisionTask',
    (c) => ({
      database: c.db,
      oper: 'log',
      mid: c.mid,
      task: 987654,
    }),
    { expect: 'served', tested: 'tests/integration/provisioning.test.ts' },
  ),
  service(
    'getFile',
    '001 §7, 002 §7',
    'getFile',
    (c) => ({ database: c.db, filter: 'no/existe.txt' }),
    {
      expect: 'served',
      refusal: {
        parameter: (c) => ({ database: c.db, filter: 'no/existe.txt' }),
        text: /no\/existe\.txt/,
      },
    },
  ),
  service('graph (device_by_platform, pie)', '002 §7', 'graph', (c) => ({
    database: c.db,
    filter: 'device_by_platform',
    type: 'pie',
  })),
  service('getStatisticPercent', '002 §7', 'getStatisticPercent', (c) => ({ database: c.db })),
  mdmOper('dpc_emm_api', (c) => ({ dest: [c.mid], cmd: 'ping' })),
  mdmOper('afw_emm_api', (c) => ({ dest: [c.mid], cmd: 'ping' })),
  mdmOper('cmdMdmLog', (c) => ({ database: c.db, mid: c.mid })),
  mdmOper('setDataDevice', (c) => ({ database: c.db, mid: c.mid })),
  mdmOper('setDataDeviceGPS', (c) => ({ database: c.db, mid: c.mid })),
  service(
    'General commands (services endpoint)',
    '001 §7 Device commands',
    'sendCommand',
    (c) => ({
      database: c.db,
      cmd: 'ping',
      dest: [c.mid],
    }),
    { expect: 'served', tested: 'tests/integration/commands.test.ts' },
  ),

  // ── 001 §7 Reports and tables ──
  service(
    'reportsWithPages',
    '001 §7',
    'reportsWithPages',
    (c) => ({
      database: c.db,
      filter: '',
      limit: -666,
    }),
    { paged: true },
  ),
  service('reports', '001 §7', 'reports', (c) => ({ database: c.db, filter: '', limit: -666 }), {
    paged: true,
  }),
  service(
    'SaveReport',
    '001 §5, §7',
    'SaveReport',
    (c) => ({ Title: `R${c.unique}`, ID: -1, Code: 0, SQL: 'SELECT 1', DBNumber: c.db, Type: '1' }),
    {
      refusal: {
        parameter: (c) => ({
          Title: 'Sin SQL',
          ID: -1,
          Code: 0,
          SQL: '',
          DBNumber: c.db,
          Type: '1',
        }),
        text: /SQL/,
      },
    },
  ),
  service('DeleteReport', '001 §7', 'DeleteReport', (c) => ({ database: c.db, filter: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/reports.test.ts',
  }),
  service(
    'runReport (macros)',
    '001 §5, §8',
    'runReport',
    (c) => ({
      database: c.db,
      SQL: 'SELECT ##ZONA##',
      macros: {},
    }),
    {
      expect: 'served',
      tested: 'tests/integration/reports.test.ts',
      refusal: {
        parameter: (c) => ({ database: c.db, SQL: 'SELECT ##ZONA##', macros: {} }),
        text: /Debe rellenar todas las macros/,
      },
    },
  ),
  service('tables', '001 §7', 'tables', (c) => ({ database: c.db })),
  service(
    'updateTableData',
    '001 §7',
    'updateTableData',
    (c) => ({
      database: c.db,
      filter: 'gen_clientes',
      action: 'insert',
      replica: false,
      replicaMID: 9999,
      columns: ['id', 'nombre'],
      data: { id: 1, nombre: 'Ana' },
      changes: { id: 1, nombre: 'Ana' },
    }),
    { expect: 'served', tested: 'tests/integration/tables.test.ts' },
  ),
  service('devicesByDatabase', '001 §7', 'devicesByDatabase', () => ({}), { paged: true }),

  // ── 001 §7 Users and selection ──
  service(
    'get available users',
    '001 §5, §7',
    'getAvailableUsers',
    (c) => ({
      idCIA: c.companyId,
      role: 'USUARIO',
    }),
    {
      fields: ['idCIA', 'role', 'max', 'used', 'free', 'available'],
      refusal: {
        parameter: (c) => ({ idCIA: c.companyId + 1000 }),
        text: 'Solo puede consultar los datos de su propia empresa.',
      },
    },
  ),
  service(
    'create user',
    '001 §7, 002 §7',
    'createUser',
    (c) => ({
      username: `conf${c.unique}`,
      email: `conf${c.unique}@example.com`,
      pwd: 'clave-de-prueba',
      role: 'USUARIO',
      twofactor: false,
    }),
    { fields: ['id'] },
  ),
  service('update user', '001 §7, 002 §5', 'updateUser', (c) => ({
    idusr: c.userId,
    username: 'usuario',
    email: '',
    pwd: '',
    role: 'USUARIO',
    twofactor: false,
  })),
  service('lock user (idusr, tolock)', '001 §7, 002 §7', 'lockUser', (c) => ({
    idusr: c.userId,
    tolock: false,
  })),
  service('delete user (idsuser)', '001 §7, 002 §7', 'deleteUser', () => ({ idsuser: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/users.test.ts',
  }),
  service('login availability', '001 §5', 'loginAvailable', () => ({ value: 'admin' }), {
    expect: 'served',
    tested: 'tests/integration/users.test.ts',
  }),
  service(
    "user's project list",
    '001 §7',
    'userProjectAccess',
    (c) => ({
      idusr: c.userId,
      environment: c.envId,
    }),
    { paged: true },
  ),
  service('access JSON', '001 §7', 'userAccess', (c) => ({ idusr: c.userId })),
  service(
    'environments by company',
    '001 §7, 002 §7',
    'environmentsByCompany',
    (c) => ({
      idCIA: c.companyId,
    }),
    { paged: true },
  ),
  service('user environments', '001 §7', 'companyUser', (c) => ({ idusr: c.userId }), {
    fields: ['environments'],
  }),
  service('update user environments', '001 §7', 'updateUser', (c) => ({
    idusr: c.userId,
    environments: [c.envId],
  })),
  service('callDB', '001 §7', 'callDB', (c) => ({ database: c.db }), {
    expect: 'served',
    tested: 'tests/integration/selection.test.ts',
  }),
  service('callProvision', '001 §7', 'callProvision', (c) => ({ database: c.db }), {
    expect: 'served',
    tested: 'tests/integration/selection.test.ts',
  }),
  service('GetStandartStm', '001 §7, 002 §7', 'GetStandartStm', (c) => ({
    database: c.db,
    filter: 'gen_clientes',
  })),
  service('GetAdvanceStm', '001 §7, 002 §7', 'GetAdvanceStm', (c) => ({
    database: c.db,
    filter: 'gen_clientes',
  })),
  service('checkProvisioning', '001 §7, 002 §7', 'checkProvisioning', (c) => ({ database: c.db })),
  service(
    'UpdateAST',
    '001 §5, §7, 002 §7',
    'UpdateAST',
    (c) => ({
      database: c.db,
      data: {
        TABLENAME: 'gen_clientes',
        ALWAYS: 0,
        STATEMENT: 'SELECT id FROM gen_clientes',
        MID: '',
      },
    }),
    {
      expect: 'served',
      tested: 'tests/integration/selection.test.ts',
      refusal: {
        parameter: (c) => ({
          database: c.db,
          data: {
            TABLENAME: 'gen_clientes',
            ALWAYS: 0,
            STATEMENT: 'DELETE FROM gen_clientes',
            MID: '',
          },
        }),
        text: /Consulta no permitida/,
      },
    },
  ),
  service(
    'UpdateAST (empty statement)',
    '001 §5',
    'UpdateAST',
    (c) => ({
      database: c.db,
      data: { TABLENAME: 'gen_clientes', ALWAYS: 0, STATEMENT: '', MID: '' },
    }),
    {
      expect: 'served',
      refusal: {
        parameter: (c) => ({
          database: c.db,
          data: { TABLENAME: 'gen_clientes', ALWAYS: 0, STATEMENT: '  ', MID: '' },
        }),
        text: /Debe introducir una consulta/,
      },
    },
  ),

  // ── 002 §7 Premium kiosk ──
  premium('EnableKiosk', () => ({}), { expect: 'ok' }),
  premium('AddProfile', (c) => ({ profile: { Name: `P${c.unique}`, Pwd: '1234' } }), {
    expect: 'ok',
    fields: ['Id', 'Idksk', 'Name', 'Pwd', 'Default', 'Disabled', 'QRZoom', 'Encrypt'],
    refusal: {
      parameter: () => ({
        operation: 'kiosk',
        parameter: { oper: 'AddProfile', profile: { Name: 'Sin clave' } },
      }),
      text: /contraseña/i,
    },
  }),
  premium('AddProfile', () => ({ profile: { Name: '  ', Pwd: '1234' } }), {
    name: 'AddProfile (blank name, swal91)',
    refusal: {
      parameter: () => ({
        operation: 'kiosk',
        parameter: { oper: 'AddProfile', profile: { Name: '  ', Pwd: '1234' } },
      }),
      text: /^Error al añadir el perfil: /,
    },
  }),
  premium('UpdateProfile', () => ({ profile: { Id: 987654, Name: 'x', Pwd: '1234' } })),
  premium('GestionarProfile', () => ({ filter: JSON.stringify({ disabled: 0, id: 987654 }) })),
  premium('gestionarProfile', () => ({ filter: JSON.stringify({ disabled: 0, id: 987654 }) })),
  premium('ConfigCommands', () => ({ profile: { Id: 987654, Control: '{"cm":[]}' } })),
  premium('ListPackageProfile', () => ({ profile: 1 }), { expect: 'ok' }),
  premium('ListWifiProfile', () => ({ profile: 1 }), { expect: 'ok' }),
  premium('ListPackageProfileOnBoot', () => ({ profile: 1 }), { expect: 'ok' }),
  premium('getListWifis', () => ({ profile: 1 }), { expect: 'ok' }),
  premium('kioskAppUpdate', () => ({ dataPackage: { Id: -1, Name: '', Package: '' } })),
  premium('deleteAPP', () => ({ filter: 987654 })),
  premium('changeAppInProfile', () => ({ filter: 987654, profile: 1 })),
  premium('changeAppVisible', () => ({ filter: 987654, profile: 1 })),
  premium('changeAppWhiteList', () => ({ filter: 987654, profile: 1 })),
  premium('changeAppUninstall', () => ({ filter: 987654, profile: 1 })),
  premium('kioskDeviceUpdate', () => ({
    filter: JSON.stringify({ IdDevice: 987654, IdProfile: 1, OldIdProfile: 0 }),
  })),
  premium('kioskWifiUpdate', () => ({ dataWifi: { Id: -1, Ssid: '', Pass: '', Encrypt: 'NONE' } })),
  premium('deleteWifi', () => ({ filter: 987654 })),
  premium('deleteWIFI', () => ({ filter: 987654 })),
  premium('changeWifiInProfile', () => ({ filter: 987654, profile: 1 })),
  premium('changeWifiAutoconnect', () => ({ filter: 987654, profile: 1 })),
  premium('getFormatQR', () => ({ profile: 1 })),
  premium('getConfigQR', () => ({ profile: 1 })),
  premium('UpdateConfigQR', () => ({ profile: { Id: 987654, QRZoom: 50 } })),
  premium('filesForUpdate', () => ({ filter: '' })),
  premium('getGPSDatabase', (c) => ({ filter: c.mid })),
  premium('getLogs', (c) => ({ filter: c.mid })),
  premium('deleteLog', (c) => ({ filter: `${c.mid}/devicelogs/no-existe.log` })),
  premium('deleteAllLog', (c) => ({ filter: c.mid })),
  ...['ListDevices', 'ListInfoApp', 'ListInfoApps', 'getCmds', 'ListWifis', 'ListPackages'].map(
    (oper) =>
      premiumTable(oper, {
        expect:
          oper === 'ListDevices' || oper === 'ListWifis' || oper === 'ListPackages'
            ? 'ok'
            : 'served',
        tested: 'tests/integration/kiosk-premium.test.ts',
      }),
  ),
  {
    kind: 'http',
    name: 'dpc_emm_api_cmd (getApplicationList)',
    spec: '002 §7 Premium commands',
    method: 'POST',
    url: '/api/kioskpremium/mdm',
    body: () => ({
      operation: 'mdm',
      parameter: {
        oper: 'dpc_emm_api_cmd',
        data: { dest: ['no-existe'], cmd: 'getApplicationList' },
      },
    }),
    shape: 'envelope',
    expect: 'served',
    tested: 'tests/integration/kiosk-premium.test.ts',
  },

  // ── 002 §7 Simple kiosk ──
  simpleKiosk('List', { start: 0, length: 10 }, {}, { paged: true }),
  simpleKiosk('ListUpdate'),
  simpleKiosk('getConfig', {}, {}, { fields: ['password', 'launchonboot', 'QRtext'] }),
  simpleKiosk('getListWifis'),
  simpleKiosk('saveListWifis', {}, [], {
    expect: 'served',
    tested: 'tests/integration/kiosk.test.ts',
  }),
  simpleKiosk(
    'UpdateConfig',
    {},
    { password: '1234', launchonboot: '' },
    {
      expect: 'served',
      tested: 'tests/integration/kiosk.test.ts',
    },
  ),
  simpleKiosk(
    'AppUpdate',
    {},
    { Id: -1, Name: '', Package: '' },
    {
      expect: 'served',
      tested: 'tests/integration/kiosk.test.ts',
    },
  ),
  simpleKiosk(
    'deleteAPP',
    987654,
    {},
    {
      expect: 'served',
      tested: 'tests/integration/kiosk.test.ts',
      refusal: {
        parameter: () => ({ operation: 'kiosk', parameter: { oper: 'deleteAPP', filter: 987654 } }),
        text: /^Error al eliminar la aplicación\./,
      },
    },
  ),

  // ── 002 §7 Identity-server calls ──
  service(
    'Create client',
    '002 §3, §7',
    'createClient',
    (c) => ({
      dbid: c.db,
      pid: c.pid,
      clientid: `conf-${c.unique}`,
      pwd: 'una-clave-larga-1',
      type: 'api',
    }),
    {
      fields: ['clientid', 'dbid', 'pwd'],
      refusal: {
        parameter: () => ({ clientid: 'corto-pwd', pwd: 'x', type: 'api' }),
        text: 'La contraseña del cliente debe tener al menos 12 caracteres.',
      },
    },
  ),
  service(
    'Delete client',
    '002 §7',
    'deleteClient',
    () => ({ clientid: 'no-existe', type: 'api' }),
    {
      expect: 'served',
      tested: 'tests/integration/security.test.ts',
    },
  ),
  service('List clients', '002 §7', 'clients', () => ({}), { paged: true }),
  service('Get unique name', '002 §7', 'getUniqueName', (c) => ({ pid: c.pid }), {
    fields: ['name'],
  }),

  // ── 002 §7 Company and user calls ──
  service(
    'Create company',
    '002 §7',
    'createCompany',
    (c) => ({
      Name: `Conforme ${c.unique} SL`,
      Web: 'https://conforme.example',
      Address: 'Calle 1',
      Phone: '+34 600 000 000',
    }),
    { as: 'superadmin', fields: ['name', 'web', 'address', 'phone'] },
  ),
  service(
    'Create user in admin',
    '002 §7',
    'createUserInAdmin',
    (c) => ({
      emailFromEnterprisesel: 'admin@demo.flota.local',
      username: `adm${c.unique}`,
      email: `adm${c.unique}@example.com`,
      pwd: 'clave-de-prueba',
      role: 'USUARIO',
    }),
    {
      as: 'superadmin',
      fields: ['id'],
      refusal: {
        as: 'superadmin',
        parameter: () => ({
          emailFromEnterprisesel: 'nadie@example.com',
          username: 'x',
          email: 'x@example.com',
        }),
        text: 'Ningún usuario de una empresa tiene el correo «nadie@example.com».',
      },
    },
  ),
  service('User list (includeAdmins)', '002 §7', 'companyUsers', () => ({ includeAdmins: true }), {
    paged: true,
  }),
  service(
    'Users for share',
    '002 §7',
    'usersForShare',
    () => ({
      includeAdmins: true,
      includeMyCiaUsers: true,
      includeFlotaUsers: false,
    }),
    { paged: true },
  ),
  service('List companies (operation all)', '002 §7', 'companies', () => ({ operation: 'all' }), {
    as: 'superadmin',
    paged: true,
  }),
  service('List shared companies', '002 §7', 'sharedCompanies', () => ({}), { paged: true }),
  service(
    'Update company state',
    '002 §7',
    'updateCompanyState',
    (c) => ({
      idcia: c.companyId,
      disabled: false,
    }),
    { as: 'superadmin' },
  ),
  service('Modify company', '002 §7', 'modifyCompanyData', () => ({ Phone: '+34 600 000 001' })),
  service('Get company', '002 §7', 'companyData', () => ({}), {
    fields: ['name', 'web', 'address', 'phone'],
  }),

  // ── 002 §7 Manager API ──
  service(
    'Update access',
    '002 §7',
    'updateAccess',
    (c) => ({
      Idsuser: c.userId,
      UserName: 'usuario',
      Email: '',
      Permissions: [],
    }),
    {
      refusal: {
        parameter: () => ({ Idsuser: 987654, Permissions: [] }),
        text: 'El usuario no existe.',
      },
    },
  ),
  service('Get access to cloud', '002 §7', 'getAccessCloud', (c) => ({ Idsuser: c.userId }), {
    fields: ['flavour', 'type', 'admin', 'environments'],
  }),
  service('Send message', '002 §7', 'sendMessage', () => ({ msg: 'Hola' }), {
    fields: ['sent'],
    refusal: { parameter: () => ({ msg: '  ' }), text: 'Escriba el mensaje.' },
  }),
  service(
    'Delete extra files',
    '002 §7',
    'deleteExtraFiles',
    (c) => ({
      database: c.db,
      filename: 'no-existe.txt',
      path: 'docs',
    }),
    {
      expect: 'served',
      refusal: {
        parameter: (c) => ({ database: c.db, filename: 'no-existe.txt', path: 'docs' }),
        text: /docs\/no-existe\.txt/,
      },
    },
  ),
  service('List certificates', '002 §7', 'certificates', () => ({}), { paged: true }),
  service(
    'Create certificate',
    '002 §7',
    'uploadCertificate',
    () => ({
      name: 'x',
      type: 'p12',
      file: '',
      file_name: 'x.p12',
    }),
    { expect: 'served', tested: 'tests/integration/organization.test.ts' },
  ),
  service(
    'Modify-shared certificate',
    '002 §7',
    'shareCertificate',
    () => ({ id: 987654, shared: [] }),
    {
      expect: 'served',
      tested: 'tests/integration/organization.test.ts',
    },
  ),
  service('Delete certificate', '002 §7', 'deleteCertificate', () => ({ id: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/organization.test.ts',
  }),
  service('Get licences', '002 §7', 'getLicences', () => ({})),
  service('Notifications', '002 §7', 'notifications', () => ({}), { paged: true }),
  service('Host type', '002 §7', 'hostType', () => ({}), { fields: ['flavour'] }),
  service('All projects from studio', '002 §7', 'allProjectsFromStudio', () => ({}), {
    fields: ['hasError', 'data'],
  }),
  service(
    'Download framework file',
    '002 §7',
    'downloadFramework',
    () => ({ id: 987654, type: 1 }),
    {
      expect: 'served',
      tested: 'tests/integration/frameworks.test.ts',
    },
  ),
  service('Publish generation', '002 §7', 'publishGeneration', () => ({ id: 987654, type: 1 }), {
    expect: 'served',
    tested: 'tests/integration/frameworks.test.ts',
  }),
  service('Delete generation', '002 §7', 'deleteGeneration', () => ({ id: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/frameworks.test.ts',
  }),
  service(
    'List generated frameworks',
    '002 §7',
    'generatedFrameworks',
    (c) => ({
      envid: c.envId,
      projectid: c.pid,
      iduser: c.userId,
    }),
    { expect: 'served', tested: 'tests/integration/frameworks.test.ts' },
  ),
  service('Framework version list', '002 §7', 'frameworkVersionsList', () => page, {
    as: 'superadmin',
    paged: true,
  }),
  service(
    'Framework version update',
    '002 §7',
    'frameworkVersionUpdate',
    () => ({
      Operation: 'update',
      Id: 987654,
      Plat: 1,
      Type: 1,
      Tittle: 'x',
      Description: '',
      Private: 0,
    }),
    { as: 'superadmin', expect: 'served', tested: 'tests/integration/frameworks.test.ts' },
  ),
  service(
    'Project-framework relations',
    '002 §7',
    'projectFrameworks',
    (c) => ({
      projectid: c.pid,
    }),
    { expect: 'served', tested: 'tests/integration/frameworks.test.ts' },
  ),
  service(
    'Generate frameworks',
    '002 §7',
    'generateFrameworks',
    (c) => ({
      projectid: c.pid,
      path: '',
      Props: {},
      IdEnv: c.envId,
      acctkUserEnv: '',
      model: '',
    }),
    { expect: 'served', tested: 'tests/integration/frameworks.test.ts' },
  ),
  service('List environments (plain, graph)', '002 §7', 'environments', () => ({}), {
    paged: true,
  }),
  service(
    'List environments by enterprise',
    '002 §7',
    'environmentsByEnterprise',
    (c) => ({
      projectID: c.pid,
      idCIA: c.companyId,
    }),
    { paged: true },
  ),
  service(
    'List environments where a project was created',
    '002 §7',
    'environmentsWithProject',
    () => ({
      includeoffline: true,
    }),
    { paged: true },
  ),
  service('Create environment', '002 §7', 'createEnvironment', () => ({ title: '' }), {
    expect: 'served',
    tested: 'tests/integration/environments.test.ts',
  }),
  service('Modify environment', '002 §7', 'modifyEnvironment', () => ({ id: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/environments.test.ts',
  }),
  service('Delete environment', '002 §7', 'deleteEnvironment', () => ({ id: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/environments.test.ts',
  }),
  service('Users of an environment', '002 §7', 'environmentUsers', (c) => ({ id: c.envId }), {
    paged: true,
    refusal: {
      parameter: () => ({ id: 987654 }),
      text: 'El entorno 987654 no existe o no pertenece a su empresa.',
    },
  }),
  service(
    'List user projects (idsuseredit)',
    '002 §7',
    'userProjects',
    (c) => ({
      idsuseredit: c.userId,
    }),
    { paged: true },
  ),
  service(
    'Generate access projects',
    '002 §7',
    'generateAccessProjects',
    (c) => ({
      lstDB: [],
      usereditID: c.userId,
    }),
    {
      fields: ['usereditID', 'written'],
      refusal: {
        parameter: (c) => ({ lstDB: [{ access: [] }], usereditID: c.userId }),
        text: 'Cada entrada de lstDB debe indicar el proyecto (database).',
      },
    },
  ),
  service('Version', '002 §7', 'version', () => ({}), { fields: ['version'] }),
  service('Get database id (projectID)', '002 §7', 'getDatabaseId', (c) => ({ projectID: c.pid }), {
    refusal: {
      parameter: () => ({ projectID: 'nada' }),
      text: 'El proyecto «nada» no existe o no tiene acceso a él.',
    },
  }),
  service('Kiosk profiles', '002 §7', 'kioskProfiles', () => ({}), { paged: true }),
  service('Kiosk devices', '002 §7', 'kioskDevices', (c) => ({ database: c.db }), { paged: true }),
  service('Kiosk id', '002 §7', 'kioskId', () => ({}), { fields: ['id', 'Idksk', 'enabled'] }),
  service('Kiosk server', '002 §7', 'kioskServer', () => ({})),
  service('Log-recorder URL', '002 §7', 'logRecorderUrl', () => ({})),
  service('Direct-download URL', '002 §7', 'directDownloadUrl', () => ({})),
  service('EMM enabled flag', '002 §7', 'emmEnabled', () => ({}), { fields: ['enabled'] }),
  service(
    'Frameworks versions (plat, type, pid, idenv)',
    '002 §7',
    'frameworksVersions',
    (c) => ({
      plat: 1,
      type: 1,
      pid: c.pid,
      idenv: c.envId,
    }),
    { expect: 'served', tested: 'tests/integration/frameworks.test.ts' },
  ),
  service(
    'Config (type, language)',
    '002 §7',
    'config',
    () => ({ type: 'identity', language: 'es' }),
    {
      fields: ['type', 'language', 'values'],
      refusal: {
        parameter: () => ({ type: 'nada', language: 'es' }),
        text: /nada/,
      },
    },
  ),
  service('Create QR (text)', '002 §7', 'createQR', () => ({ text: 'https://flota.example' })),
  service('Dev frameworks get', '002 §7', 'devFrameworksGet', () => ({}), {
    as: 'superadmin',
    expect: 'served',
    tested: 'tests/integration/frameworks.test.ts',
  }),
  service('Dev frameworks save', '002 §7', 'devFrameworksSave', () => ({}), {
    as: 'superadmin',
    expect: 'served',
    tested: 'tests/integration/frameworks.test.ts',
  }),
  service('Dev frameworks remove', '002 §7', 'devFrameworksRemove', () => ({ id: 987654 }), {
    as: 'superadmin',
    expect: 'served',
    tested: 'tests/integration/frameworks.test.ts',
  }),
  service(
    'Models',
    '002 §7',
    'models',
    (c) => ({
      projectid: c.pid,
      IdEnv: c.envId,
      Props: {},
      acctkUserEnv: '',
    }),
    { fields: ['projectid', 'database', 'platforms'] },
  ),
  service('Icons (sessionid)', '002 §7', 'icons', () => ({ sessionid: 987654 }), {
    expect: 'served',
    tested: 'tests/integration/conformance/named-calls.test.ts',
    refusal: {
      parameter: () => ({ sessionid: '987654' }),
      text: 'La generación 987654 no existe.',
    },
  }),
  service('Send push (googlesenderid, googleauthkey)', '002 §7', 'send push', (c) => ({
    database: c.db,
    devices: [c.mid],
    pid: c.pid,
    googlesenderid: '',
    googleauthkey: '',
    type: 1,
  })),
  service('Project list at login', '002 §7', 'loginProjects', () => ({})),
  {
    kind: 'http',
    name: 'Project list at login (GET variant)',
    spec: '002 §7',
    method: 'GET',
    url: '/api/services/loginProjects',
    shape: 'envelope',
    fields: ['Version', 'listOfServers'],
    refusal: {
      parameter: () => undefined,
      text: /no se sirve por GET/,
      status: 405,
      url: '/api/services/deviceDelete',
    },
  },
  {
    kind: 'http',
    name: 'List all projects (GET variant)',
    spec: '002 §7',
    method: 'GET',
    url: '/api/services/projects',
    shape: 'envelope',
    paged: true,
  },
  service('List all projects', '002 §7', 'projects', () => ({}), { paged: true }),

  // ── 002 §7 Admin API ──
  service('admservices (oper all)', '002 §7', 'admservices', () => ({ oper: 'all' }), {
    paged: true,
    fields: ['id', 'address'],
    refusal: { parameter: () => ({ oper: 'update' }), text: /oper/ },
  }),
  service(
    'admplatforms update',
    '002 §7',
    'admplatforms',
    (c) => ({
      oper: 'update',
      database: c.db,
      data: { id: 987654, active: true, models: [] },
    }),
    { expect: 'served', tested: 'tests/integration/settings-platforms.test.ts' },
  ),
  service('admusers (oper all)', '002 §7', 'admusers', () => ({ oper: 'all' }), {
    paged: true,
    fields: ['username', 'role', 'enabled'],
    refusal: { parameter: () => ({ oper: 'delete' }), text: 'Indique el usuario (userid).' },
  }),
  service(
    'admusers (getaccessJSON)',
    '002 §7',
    'admusers',
    (c) => ({
      oper: 'getaccessJSON',
      userid: c.userId,
    }),
    { fields: ['flavour', 'environments'] },
  ),

  // ── 002 §7 Data service ──
  {
    kind: 'http',
    name: 'DataService (no authorisation)',
    spec: '002 §7 Data service',
    method: 'POST',
    url: '/api/Global/DataService',
    body: (c) => ({ operation: 'list', parameter: { dbid: c.db, resource: 'platforms' } }),
    shape: 'err-data',
    as: 'none',
    expect: 'served',
    tested: 'tests/integration/conformance/data-service.test.ts',
  },
  {
    kind: 'http',
    name: 'DataServiceAuth',
    spec: '002 §7 Data service',
    method: 'POST',
    url: '/api/Global/DataServiceAuth',
    body: (c) => ({ operation: 'list', parameter: { dbid: c.db, resource: 'platforms' } }),
    shape: 'err-data',
  },
  {
    kind: 'http',
    name: 'GetAccessToken (no id token)',
    spec: '002 §7 Data service',
    method: 'GET',
    url: '/api/Global/GetAccessToken',
    shape: 'err-data',
    as: 'none',
    status: 401,
    tested: 'tests/integration/conformance/data-service.test.ts',
  },
];
