import { sql } from 'kysely';
import { isTopAdmin } from '../../../protocol/roles';
import QRCode from 'qrcode';
import { KIOSK_AGENT_PACKAGE } from '../../../protocol/kiosk';
import { DEFAULT_QR_ZOOM } from '../../../protocol/resources/kiosk-profiles';
import { projectSchemaName } from '../../db/projects';
import type { Executed } from '../../services/route';
import { provisioningPayload } from '../provisioning';
import {
  failed,
  numberOf,
  objectOf,
  ok,
  refused,
  rowsOf,
  run,
  written,
  yes,
  type Call,
  type Row,
} from './call';
import { kioskEnrolLink } from './enrol';
import { moveDevicesCall } from './move';
import { all, linksOf, remove, save } from './records';
import { premiumText } from './texts';
import { zebraLabel } from './zebra';
import { wireApp, wireProfile, wireWifi } from './wire';

/** 002 §9: the QR's correction levels and types. */
export const QR_LEVELS = ['M', 'L', 'H', 'Q'] as const;
export const QR_TYPES = ['QRCode', 'ZEBRA'] as const;

/** What an Actions call carries beside its oper (002 §7 Premium kiosk actions). */
export interface ActionsParameter {
  filter?: unknown;
  dataPackage?: unknown;
  dataWifi?: unknown;
  profile?: unknown;
  kiosk?: unknown;
}

const company = (call: Call) => call.user.companyId ?? 0;

/** The profile an oper names: `profile` as an id or a profile object ({Id}). */
function profileIdOf(parameter: ActionsParameter): number | null {
  const given = parameter.profile;
  if (given && typeof given === 'object') return numberOf((given as Row).Id);
  return numberOf(given);
}

/** The id an oper's `filter` names: the filter itself, or its Id. */
function idOf(filter: unknown, key = 'Id'): number | null {
  const object = objectOf(filter);
  return numberOf(Object.keys(object).length ? object[key] : filter);
}

const FLAG_FIELDS = ['Visible', 'Whitelist', 'Uninstall', 'Executeapp'] as const;

/** The wire's app (dataPackage) as the engine's kiosk-apps values. */
function appValues(data: Row): Row {
  const values: Row = {};
  for (const key of ['Name', 'Package', 'Version', 'Checksum']) {
    if (Object.hasOwn(data, key)) values[key] = data[key] === '' ? null : data[key];
  }
  // A system app (no Url) has no file values and is neither uninstalled nor executed (§5).
  const system = !data.Url && !data.URL && !data.Checksum;
  if (system) {
    values.Checksum = null;
    values.Version = null;
  }
  for (const flag of FLAG_FIELDS) if (Object.hasOwn(data, flag)) values[flag] = yes(data[flag]);
  if (system) Object.assign(values, { Uninstall: false, Executeapp: false });
  return values;
}

/** kioskAppUpdate: an app created (Id -1, defaults of §5) or changed; a new one joins `profile`. */
async function appUpdate(call: Call, parameter: ActionsParameter): Promise<Executed> {
  const data = objectOf(parameter.dataPackage);
  const id = numberOf(data.Id) ?? -1;
  const values = appValues(data);
  if (id < 0) {
    // 002 §5: a new app is visible, in the whitelist, not uninstalled, not executed, in the profile.
    for (const [flag, fallback] of [
      ['Visible', true],
      ['Whitelist', true],
      ['Uninstall', false],
      ['Executeapp', false],
    ] as const) {
      if (!Object.hasOwn(values, flag)) values[flag] = fallback;
    }
  }
  const answer = await save(call, 'apps', id, values);
  if (failed(answer)) return written(call, answer, 'appUpdateError');
  const row = answer.body.result as Row;
  const profile = profileIdOf(parameter);
  if (id < 0 && profile && (data.Inprofile === undefined || yes(data.Inprofile))) {
    const link = await save(call, 'profileApps', null, {
      Idprofile: profile,
      Idpackage: Number(row.id),
      ...Object.fromEntries(FLAG_FIELDS.map((flag) => [flag, values[flag]])),
    });
    if (failed(link)) return written(call, link, 'linkError');
  }
  return written(call, answer, 'appUpdateError', wireApp(row, company(call)));
}

/** changeAppInProfile / changeWifiInProfile: the link toggled (added with the app's flags). */
async function toggleLink(
  call: Call,
  parameter: ActionsParameter,
  kind: 'profileApps' | 'profileWifis',
): Promise<Executed> {
  const profile = profileIdOf(parameter);
  const data = objectOf(kind === 'profileApps' ? parameter.dataPackage : parameter.dataWifi);
  const id = numberOf(data.Id) ?? idOf(parameter.filter);
  if (!profile || !id) return refused(call, 'badFilter', { detail: 'profile, Id' });
  const links = await linksOf(call, kind, profile, [id]);
  const link = links.get(id);
  const wanted = Object.hasOwn(data, 'Inprofile') ? yes(data.Inprofile) : !link;
  if (link && !wanted) return written(call, await remove(call, kind, Number(link.id)), 'linkError');
  if (!link && wanted) {
    const values: Row =
      kind === 'profileApps'
        ? { Idprofile: profile, Idpackage: id, ...appFlags(data) }
        : { Idprofile: profile, Idwifi: id, Autoconnect: yes(data.Autoconnect) };
    return written(call, await save(call, kind, null, values), 'linkError');
  }
  return written(call, ok(true), 'linkError');
}

function appFlags(data: Row): Row {
  const flags: Row = {};
  for (const flag of FLAG_FIELDS) if (Object.hasOwn(data, flag)) flags[flag] = yes(data[flag]);
  return flags;
}

/**
 * changeAppVisible / changeAppWhiteList / changeAppUninstall / changeWifiAutoconnect: one flag
 * of the profile's link set (the given value, else toggled); refused when not in the profile.
 */
async function linkFlag(
  call: Call,
  parameter: ActionsParameter,
  kind: 'profileApps' | 'profileWifis',
  flag: string,
): Promise<Executed> {
  const profile = profileIdOf(parameter);
  const data = objectOf(kind === 'profileApps' ? parameter.dataPackage : parameter.dataWifi);
  const id = numberOf(data.Id) ?? idOf(parameter.filter);
  if (!profile || !id) return refused(call, 'badFilter', { detail: 'profile, Id' });
  const link = (await linksOf(call, kind, profile, [id])).get(id);
  if (!link) {
    const answer = refused(call, 'notInProfile');
    return {
      ...answer,
      body: { ...answer.body, error: { ...answer.body.error, code: '-2' }, result: false },
    };
  }
  const value = Object.hasOwn(data, flag) ? yes(data[flag]) : !link[flag];
  const answer = await save(call, kind, Number(link.id), { [flag]: value, version: link.version });
  return written(call, answer, 'optionError');
}

/** ListPackageProfile / ListPackageProfileOnBoot / ListWifiProfile: with the profile's links. */
async function listWithLinks(
  call: Call,
  parameter: ActionsParameter,
  kind: 'apps' | 'wifis',
  onlyLinked: boolean,
): Promise<Executed> {
  const profile = profileIdOf(parameter) ?? 0;
  const answer = await all(call, kind, kind === 'apps' ? 'Name' : 'Ssid');
  if (failed(answer)) return answer;
  const links = await linksOf(call, kind === 'apps' ? 'profileApps' : 'profileWifis', profile);
  const rows = rowsOf(answer)
    .map((row) => {
      const link = links.get(Number(row.id));
      return kind === 'apps'
        ? wireApp(row, company(call), link)
        : wireWifi(row, company(call), link);
    })
    .filter((row) => !onlyLinked || row.Inprofile === 1);
  return ok(rows);
}

/** The profile's values from the wire (Name, Pwd, …; flags as 1/0, Control as text or object). */
function profileValues(data: Row): Row {
  const values: Row = {};
  for (const key of [
    'Name',
    'Pwd',
    'Pwdblock',
    'Launchonboot',
    'Ssid',
    'Wifipass',
    'Encrypt',
    'Brokerurl',
    'QRZoom',
    'Control',
  ]) {
    if (Object.hasOwn(data, key))
      values[key] = data[key] === '' && key !== 'Name' && key !== 'Pwd' ? null : data[key];
  }
  if (typeof values.Control === 'string') values.Control = objectOf(values.Control);
  for (const flag of ['Brokermapped', 'Default', 'Disabled']) {
    if (Object.hasOwn(data, flag)) values[flag] = yes(data[flag]);
  }
  if (values.QRZoom === null) values.QRZoom = DEFAULT_QR_ZOOM;
  return values;
}

/** The QR of a profile: its enrolment payload (docs/kiosk.md) rendered as a PNG data URL. */
async function profileQr(call: Call, parameter: ActionsParameter): Promise<Executed> {
  const id = profileIdOf(parameter);
  const shown = await run(call, 'kioskProfilesShow', { id: id ?? 0 });
  if (failed(shown)) return shown;
  const profile = shown.body.result as Row;
  const kiosk = objectOf(parameter.kiosk);
  const level = (QR_LEVELS as readonly string[]).includes(String(kiosk.level))
    ? String(kiosk.level)
    : 'M';
  const { rows } = await sql<{ Checksum: string | null }>`
    SELECT "Checksum" FROM core.kiosk_apps WHERE company_id = ${company(call)} AND "Package" = ${KIOSK_AGENT_PACKAGE}`.execute(
    call.deps.db,
  );
  const wifis = profile.Ssid
    ? [
        {
          ssid: String(profile.Ssid),
          password: String(profile.Wifipass ?? ''),
          securitymode: profile.Encrypt as 'WPA',
          autoconnect: true,
        },
      ]
    : [];
  const payload = await provisioningPayload(
    call.deps.config,
    call.deps.db,
    company(call),
    wifis,
    rows[0]?.Checksum ?? null,
  );
  const extras = 'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE';
  payload[extras] = { ...(payload[extras] as Row), profile: String(profile.id) };
  // The project the code enrols devices into, when the caller reaches it: the agent posts its
  // enrolment to the signed enrolUrl (server/kiosk/premium/enrol.ts).
  const project = numberOf(kiosk.database);
  if (project) {
    const access = await run(call, 'projectAccess', { database: project });
    if (failed(access)) return access;
    (payload[extras] as Row).enrolUrl = await kioskEnrolLink(
      call.deps.config,
      call.deps.db,
      company(call),
      Number(profile.id),
      project,
    );
  }
  const QRtext = JSON.stringify(payload);
  const QRdata = await QRCode.toDataURL(QRtext, {
    errorCorrectionLevel: level as 'M',
    margin: 2,
    width: 400,
  });
  const type = String(kiosk.type ?? '').toUpperCase() === 'ZEBRA' ? 'ZEBRA' : 'QRCode';
  // ZEBRA: the same payload as a Zebra printer's ZPL label (zebra.ts); the PNG is its preview.
  const ZPL =
    type === 'ZEBRA'
      ? zebraLabel(
          QRtext,
          level,
          premiumText(call.language, 'zebraTitle', { name: String(profile.Name) }),
          premiumText(call.language, 'zebraHint'),
        )
      : undefined;
  const QRZoom = profile.QRZoom ?? DEFAULT_QR_ZOOM;
  return ok({ QRdata, QRtext, QRZoom, level, type, ...(ZPL && { ZPL }), Save: false });
}

/** Help-desk logs and GPS of one kiosk device: its project and MID. */
async function deviceOf(call: Call, filter: unknown): Promise<Row | null> {
  const object = objectOf(filter);
  const id = numberOf(object.IdDevice ?? object.Id ?? filter);
  const { rows } = await sql<Row>`
    SELECT id, "Guid", "Database" FROM core.kiosk_devices
    WHERE company_id = ${company(call)} AND (id = ${id ?? 0} OR "Guid" = ${String(object.Guid ?? object.MID ?? '')})`.execute(
    call.deps.db,
  );
  return rows[0] ?? null;
}

/** The opers of POST /api/kioskpremium/Actions (002 §7), each over the engine's operations. */
export const ACTIONS: Record<
  string,
  (call: Call, parameter: ActionsParameter) => Promise<Executed>
> = {
  kioskAppUpdate: appUpdate,
  async deleteAPP(call, { filter }) {
    const answer = await remove(call, 'apps', idOf(filter) ?? 0);
    return written(call, answer, 'appUpdateError');
  },
  changeAppInProfile: (call, p) => toggleLink(call, p, 'profileApps'),
  changeAppVisible: (call, p) => linkFlag(call, p, 'profileApps', 'Visible'),
  changeAppWhiteList: (call, p) => linkFlag(call, p, 'profileApps', 'Whitelist'),
  changeAppUninstall: (call, p) => linkFlag(call, p, 'profileApps', 'Uninstall'),
  changeWifiInProfile: (call, p) => toggleLink(call, p, 'profileWifis'),
  changeWifiAutoconnect: (call, p) => linkFlag(call, p, 'profileWifis', 'Autoconnect'),
  ListPackageProfile: (call, p) => listWithLinks(call, p, 'apps', false),
  ListPackageProfileOnBoot: (call, p) => listWithLinks(call, p, 'apps', true),
  ListWifiProfile: (call, p) => listWithLinks(call, p, 'wifis', false),
  getListWifis: (call, p) => listWithLinks(call, p, 'wifis', false),
  async kioskWifiUpdate(call, parameter) {
    const data = objectOf(parameter.dataWifi);
    const id = numberOf(data.Id ?? data.ID) ?? -1;
    const values: Row = {};
    for (const key of ['Ssid', 'Pass', 'Encrypt'] as const) {
      const wire = data[key] ?? data[key.toUpperCase()];
      if (wire !== undefined) values[key] = wire;
    }
    if (id < 0 && !values.Encrypt) values.Encrypt = 'NONE';
    if (data.Autoconnect !== undefined) values.Autoconnect = yes(data.Autoconnect);
    const answer = await save(call, 'wifis', id, values);
    if (failed(answer)) return written(call, answer, 'wifiError');
    const row = answer.body.result as Row;
    const profile = profileIdOf(parameter);
    if (id < 0 && profile) {
      const link = await save(call, 'profileWifis', null, {
        Idprofile: profile,
        Idwifi: Number(row.id),
        Autoconnect: values.Autoconnect === true,
      });
      if (failed(link)) return written(call, link, 'linkError');
    }
    return written(call, answer, 'wifiError', wireWifi(row, company(call)));
  },
  async deleteWifi(call, { filter }) {
    return written(call, await remove(call, 'wifis', idOf(filter) ?? 0), 'wifiError');
  },
  async deleteWIFI(call, parameter) {
    return ACTIONS.deleteWifi(call, parameter);
  },
  async kioskDeviceUpdate(call, { filter }) {
    const f = objectOf(filter);
    const profile = numberOf(f.IdProfile) ?? 0;
    // Several devices at once: one transaction, each sent its command (move.ts).
    if (Array.isArray(f.IdDevice)) {
      const moved = await moveDevicesCall(call, f.IdDevice, profile);
      return written(call, moved, 'dataUpdateError', moved.body.result);
    }
    const device = numberOf(f.IdDevice);
    const answer = await save(call, 'devices', device ?? 0, {
      Idprofile: profile > 0 ? profile : null,
    });
    return written(call, answer, 'dataUpdateError');
  },
  async GestionarProfile(call, { filter, profile }) {
    const f = objectOf(filter);
    const id = numberOf(f.Id ?? f.id) ?? numberOf(profile);
    const answer = await save(call, 'profiles', id ?? 0, {
      Disabled: yes(f.disabled ?? f.Disabled),
    });
    return written(call, answer, 'profileStateError');
  },
  async gestionarProfile(call, parameter) {
    return ACTIONS.GestionarProfile(call, parameter);
  },
  async AddProfile(call, { profile }) {
    const values = profileValues(objectOf(profile));
    const answer = await save(call, 'profiles', null, values);
    if (failed(answer)) return written(call, answer, 'addProfileError');
    return written(
      call,
      answer,
      'addProfileError',
      wireProfile(answer.body.result as Row, company(call)),
    );
  },
  async UpdateProfile(call, { profile }) {
    const data = objectOf(profile);
    const answer = await save(call, 'profiles', numberOf(data.Id) ?? 0, profileValues(data));
    if (failed(answer)) return written(call, answer, 'updateProfileError');
    return written(
      call,
      answer,
      'updateProfileError',
      wireProfile(answer.body.result as Row, company(call)),
    );
  },
  async ConfigCommands(call, parameter) {
    const data = objectOf(parameter.profile);
    const id = numberOf(data.Id) ?? profileIdOf(parameter);
    const control = objectOf(data.Control ?? parameter.filter);
    const answer = await save(call, 'profiles', id ?? 0, { Control: control });
    return written(call, answer, 'updateProfileError');
  },
  async UpdateConfigQR(call, parameter) {
    const kiosk = objectOf(parameter.kiosk);
    const zoom = numberOf(kiosk.QRZoom) ?? DEFAULT_QR_ZOOM;
    const answer = await save(call, 'profiles', profileIdOf(parameter) ?? 0, { QRZoom: zoom });
    return written(call, answer, 'qrError');
  },
  getConfigQR: profileQr,
  async getFormatQR() {
    return ok({ levels: QR_LEVELS, types: QR_TYPES, zoom: DEFAULT_QR_ZOOM, scale: 1.5 });
  },
  async filesForUpdate(call) {
    const answer = await all(call, 'apps', 'Name');
    if (failed(answer)) return answer;
    return ok(
      rowsOf(answer)
        .filter((row) => row.Checksum)
        .map((row) => wireApp(row, company(call))),
    );
  },
  async getGPSDatabase(call, { filter }) {
    const device = await deviceOf(call, filter);
    if (!device) return refused(call, 'deviceMissing', { id: JSON.stringify(filter ?? '') });
    const access = await run(call, 'projectAccess', { database: Number(device.Database) });
    if (failed(access)) return access;
    const table = sql.id(projectSchemaName(Number(device.Database)), 'device_positions');
    const { rows } = await sql<Row>`
      SELECT "LATITUDE", "LONGITUDE", "TIME" FROM ${table} WHERE "MID" = ${String(device.Guid)}`.execute(
      call.deps.db,
    );
    const position = rows[0] ?? {};
    return ok({
      Last_latitude: position.LATITUDE ?? null,
      Last_longitude: position.LONGITUDE ?? null,
      Lastcommandgps: position.TIME ? new Date(String(position.TIME)).getTime() : null,
    });
  },
  async getLogs(call, { filter }) {
    const device = await deviceOf(call, filter);
    if (!device) return refused(call, 'deviceMissing', { id: JSON.stringify(filter ?? '') });
    return run(call, 'deviceData', {
      database: device.Database,
      mid: device.Guid,
      data: 'helpdesk',
    });
  },
  async deleteLog(call, { filter }) {
    const f = objectOf(filter);
    const device = await deviceOf(call, filter);
    if (!device) return refused(call, 'deviceMissing', { id: JSON.stringify(filter ?? '') });
    return run(call, 'deleteHelpDeskForDEVICEID', {
      database: device.Database,
      mid: device.Guid,
      filter: { Path: String(f.Path ?? f.path ?? '') },
    });
  },
  async deleteAllLog(call, { filter }) {
    const device = await deviceOf(call, filter);
    if (!device) return refused(call, 'deviceMissing', { id: JSON.stringify(filter ?? '') });
    return run(call, 'deleteHelpDeskForDEVICEID', {
      database: device.Database,
      filter: { PIN: String(device.Guid), MID: String(device.Guid) },
    });
  },
};

/** EnableKiosk: the company's premium kiosk turned on (created the first time). */
export async function enableKiosk(call: Call): Promise<Executed> {
  const { rows } = await sql<{ id: string; version: number }>`
    SELECT id, version FROM core.kiosk_premium WHERE company_id = ${company(call)}`.execute(
    call.deps.db,
  );
  const row = rows[0];
  const answer = await save(call, 'premium', row ? Number(row.id) : null, {
    Enabled: true,
    ...(row ? { version: row.version } : {}),
  });
  return written(call, answer, 'dataUpdateError');
}

/** ListCias (operation adminkiosk): the companies the caller sees, with their premium kiosk state. */
export async function listCias(call: Call): Promise<Executed> {
  const top = isTopAdmin(call.user.profile);
  const { rows } = await sql<Row>`
    SELECT c.id AS "Id", c.name AS "Name", k."Enabled" AS enabled
    FROM core.companies c LEFT JOIN core.kiosk_premium k ON k.company_id = c.id
    WHERE ${top ? sql`true` : sql`c.id = ${company(call)}`}
    ORDER BY c.name LIMIT 1000`.execute(call.deps.db);
  return ok(
    rows.map((row) => ({
      Id: row.Id,
      Name: row.Name,
      Kiosk: row.enabled === null ? 0 : 1,
      EMMKiosk_ENABLED: row.enabled === true ? 1 : 0,
    })),
  );
}
