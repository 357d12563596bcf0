import { sql } from 'kysely';
import { MAX_PAGE_LENGTH } from '../../../protocol/paging';
import { projectSchemaName } from '../../db/projects';
import type { Executed } from '../../services/route';
import { failed, numberOf, objectOf, ok, refused, rowsOf, run, type Call, type Row } from './call';
import { linksOf, profileNames } from './records';
import { wireApp, wireDevice, wireWifi } from './wire';

/** The body of POST /api/kioskpremium/Actionstable (002 §7 Premium server-side tables). */
export interface TableParameter {
  database?: unknown;
  oper: string;
  kiosko?: unknown;
  profile?: unknown;
  imei?: unknown;
  showprofile?: unknown;
  showok?: unknown;
  showko?: unknown;
  filter?: unknown;
  datatable?: unknown;
  rowfilter?: unknown;
  rowfilteroper?: unknown;
  status?: unknown;
}

const company = (call: Call) => call.user.companyId ?? 0;
const on = (value: unknown, fallback: boolean) =>
  value === undefined || value === null
    ? fallback
    : value === true || value === 1 || value === '1' || value === 'true';

/** The page asked: `length` -1 ("All", 002 §9) is the longest page the server serves. */
function datatableOf(given: unknown, orderBy: string) {
  const d = objectOf(given);
  const length = numberOf(d.length) ?? 10;
  return {
    start: Math.max(0, numberOf(d.start) ?? 0),
    length: length < 0 ? MAX_PAGE_LENGTH : Math.min(Math.max(1, length), MAX_PAGE_LENGTH),
    orderBy: typeof d.orderBy === 'string' ? d.orderBy : orderBy,
    orderDir: d.orderDir === 'desc' ? 'desc' : 'asc',
  };
}

/** A paged answer: `{data, total, recordsTotal}` (recordsTotal beside result too). */
function paged(data: Row[], total: number): Executed {
  const answer = ok({ data, total, recordsTotal: total });
  return { ...answer, body: { ...answer.body, recordsTotal: total } as typeof answer.body };
}

/** An engine list with the table's paging, row filter and search. */
async function engineList(
  call: Call,
  name: string,
  p: TableParameter,
  orderBy: string,
  filter: Row = {},
) {
  const q =
    objectOf(p.filter).q ?? (typeof p.filter === 'string' && p.filter ? p.filter : undefined);
  return run(call, name, {
    datatable: datatableOf(p.datatable, orderBy),
    filter: { ...filter, ...(q ? { q } : {}) },
    ...(p.rowfilter
      ? { rowfilter: objectOf(p.rowfilter), rowfilteroper: objectOf(p.rowfilteroper) }
      : {}),
  });
}

/** The wire's page of an engine answer. */
const pageOf = (answer: Executed) => answer.body.result as { data: Row[]; total: number };

/**
 * The installed version of apps on kiosk devices of one project, from each device's last
 * executed getApplicationList answer (its `apps`: packageName, versionName, versionCode), with
 * the status OK (installed at the profile's version code or later) or KO; paged in SQL.
 */
async function appInfo(
  call: Call,
  p: TableParameter,
  scope: {
    mids?: string[];
    profile?: number;
    packages: { Package: string; VersionCode: number | null }[];
  },
): Promise<Executed> {
  const numero = numberOf(p.database);
  if (!numero) return refused(call, 'badFilter', { detail: 'database' });
  const showok = on(p.showok, true);
  const showko = on(p.showko, true);
  if (!showok && !showko) return refused(call, 'okOrKo');
  const project = await run(call, 'projectAccess', { database: numero });
  if (failed(project)) return project;
  const page = datatableOf(p.datatable, 'mid');
  const commands = sql.id(projectSchemaName(numero), 'device_commands');
  const devices = scope.mids
    ? sql`SELECT unnest(${scope.mids}::text[]) AS mid`
    : sql`SELECT "Guid" AS mid FROM core.kiosk_devices
          WHERE company_id = ${company(call)} AND "Database" = ${numero} AND "Idprofile" = ${scope.profile ?? 0}`;
  const wanted = scope.packages.map((one) => one.Package);
  const codes = scope.packages.map((one) => one.VersionCode);
  const statuses = [showok ? 'OK' : null, showko ? 'KO' : null].filter(Boolean) as string[];
  const { rows } = await sql<Row>`
    WITH devs AS (${devices}),
    last AS (
      SELECT DISTINCT ON ("MID") "MID", "RESULT", "CONFIRMED" FROM ${commands}
      WHERE "CMD" = 'getApplicationList' AND "STATE" = 'executed' AND "MID" IN (SELECT mid FROM devs)
      ORDER BY "MID", "ID" DESC
    ),
    pk AS (SELECT * FROM unnest(${wanted}::text[], ${codes}::int[]) AS pk(package, code)),
    info AS (
      SELECT d.mid, pk.package, pk.code, l."CONFIRMED" AS querydate,
             a.app->>'versionName' AS version, (a.app->>'versionCode')::int AS versioncode
      FROM devs d CROSS JOIN pk LEFT JOIN last l ON l."MID" = d.mid
      LEFT JOIN LATERAL (
        SELECT app FROM jsonb_array_elements(COALESCE(l."RESULT"->'apps', l."RESULT"->'result'->'apps', '[]'::jsonb)) AS app
        WHERE app->>'packageName' = pk.package LIMIT 1
      ) a ON true
    ),
    rated AS (
      SELECT *, CASE WHEN version IS NOT NULL AND (code IS NULL OR versioncode >= code)
                     THEN 'OK' ELSE 'KO' END AS status
      FROM info
    )
    SELECT mid, package, code, querydate, version, versioncode, status, count(*) OVER ()::int AS total
    FROM rated WHERE status = ANY(${statuses}::text[])
    ORDER BY mid, package LIMIT ${page.length} OFFSET ${page.start}`.execute(call.deps.db);
  const total = rows.length ? Number(rows[0].total) : 0;
  return paged(
    rows.map((row) => ({
      Status: row.status,
      Guid: row.mid,
      Package: row.package,
      Querydate: row.querydate,
      Version: row.version,
      Versioncode: row.versioncode,
      Profileversioncode: row.code,
    })),
    total,
  );
}

/** The opers of POST /api/kioskpremium/Actionstable. */
export const TABLE_OPERS: Record<string, (call: Call, p: TableParameter) => Promise<Executed>> = {
  async ListDevices(call, p) {
    const profile = numberOf(p.profile) ?? 0;
    const only = on(p.showprofile, false) && profile > 0 ? { Idprofile: profile } : {};
    const answer = await engineList(call, 'kioskDevicesList', p, 'Guid', only);
    if (failed(answer)) return answer;
    const { data, total } = pageOf(answer);
    const names = await profileNames(call);
    return paged(
      data.map((row) => wireDevice(row, company(call), names, profile)),
      total,
    );
  },
  async ListPackages(call, p) {
    const answer = await engineList(call, 'kioskAppsList', p, 'Name');
    if (failed(answer)) return answer;
    const { data, total } = pageOf(answer);
    const profile = numberOf(p.profile) ?? 0;
    const links = await linksOf(
      call,
      'profileApps',
      profile,
      data.map((row) => Number(row.id)),
    );
    return paged(
      data.map((row) => wireApp(row, company(call), links.get(Number(row.id)))),
      total,
    );
  },
  async ListWifis(call, p) {
    const answer = await engineList(call, 'kioskWifisList', p, 'Ssid');
    if (failed(answer)) return answer;
    const { data, total } = pageOf(answer);
    const profile = numberOf(p.profile) ?? 0;
    const links = await linksOf(
      call,
      'profileWifis',
      profile,
      data.map((row) => Number(row.id)),
    );
    return paged(
      data.map((row) => wireWifi(row, company(call), links.get(Number(row.id)))),
      total,
    );
  },
  async getCmds(call, p) {
    const mid = String(p.imei ?? objectOf(p.filter).mid ?? '');
    const answer = await run(call, 'deviceCommands', {
      database: numberOf(p.database) ?? 0,
      mid,
      datatable: (({ start, length }) => ({ start, length }))(datatableOf(p.datatable, 'ID')),
    });
    if (failed(answer)) return answer;
    const { data, total } = pageOf(answer);
    return paged(data, total);
  },
  async ListInfoApp(call, p) {
    const id = numberOf(p.kiosko ?? objectOf(p.filter).Id);
    const app = await run(call, 'kioskAppsShow', { id: id ?? 0 });
    if (failed(app)) return app;
    const row = app.body.result as Row;
    return appInfo(call, p, {
      profile: numberOf(p.profile) ?? 0,
      packages: [
        { Package: String(row.Package), VersionCode: (row.VersionCode as number) ?? null },
      ],
    });
  },
  async ListInfoApps(call, p) {
    const mid = String(p.imei ?? '');
    const { rows } = await sql<{ Idprofile: string | null }>`
      SELECT "Idprofile" FROM core.kiosk_devices WHERE company_id = ${company(call)} AND "Guid" = ${mid}`.execute(
      call.deps.db,
    );
    if (!rows.length) return refused(call, 'deviceMissing', { id: mid });
    const profile = Number(rows[0].Idprofile ?? 0);
    const links = await linksOf(call, 'profileApps', profile);
    const apps = await run(call, 'kioskAppsList', {
      datatable: { start: 0, length: 500, orderBy: 'Name', orderDir: 'asc' },
    });
    if (failed(apps)) return apps;
    const packages = rowsOf(apps)
      .filter((row) => links.has(Number(row.id)) && !links.get(Number(row.id))!.Uninstall)
      .map((row) => ({
        Package: String(row.Package),
        VersionCode: (row.VersionCode as number) ?? null,
      }));
    return appInfo(call, p, { mids: [mid], packages });
  },
};
