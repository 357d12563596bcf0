import { sql } from 'kysely';
import type { Executed } from '../../services/route';
import { failed, run, type Call, type Row } from './call';

/**
 * The engine's operations of the premium resources, as the opers use them: every write goes
 * through the engine (permission, validation, hooks, actions log, revisions).
 */

/** The engine operation prefix of each premium resource. */
export const OPS = {
  profiles: 'kioskProfiles',
  apps: 'kioskApps',
  wifis: 'kioskWifis',
  profileApps: 'kioskProfileApps',
  profileWifis: 'kioskProfileWifis',
  devices: 'kioskDevices',
  premium: 'kioskPremium',
} as const;
export type Kind = keyof typeof OPS;

/** Creates a record, or edits it (at its current version: a wire client knows no versions). */
export async function save(
  call: Call,
  kind: Kind,
  id: number | null,
  values: Row,
): Promise<Executed> {
  if (!(id && id > 0)) return run(call, `${OPS[kind]}Create`, values);
  let version = values.version;
  if (typeof version !== 'number') {
    const shown = await run(call, `${OPS[kind]}Show`, { id });
    if (failed(shown)) return shown;
    version = (shown.body.result as Row).version;
  }
  return run(call, `${OPS[kind]}Edit`, { ...values, id, version });
}

export const remove = (call: Call, kind: Kind, id: number) =>
  run(call, `${OPS[kind]}Delete`, { id });

/** Every row of a resource (at most 500), sorted by `orderBy`. */
export async function all(call: Call, kind: Kind, orderBy: string): Promise<Executed> {
  const datatable = { start: 0, length: 500, orderBy, orderDir: 'asc' };
  return run(call, `${OPS[kind]}List`, { datatable });
}

/** The links of a profile (apps or wifis) by the linked record's id. */
export async function linksOf(
  call: Call,
  kind: 'profileApps' | 'profileWifis',
  profile: number,
  ids?: number[],
): Promise<Map<number, Row>> {
  const table = kind === 'profileApps' ? 'kiosk_profile_apps' : 'kiosk_profile_wifis';
  const column = kind === 'profileApps' ? 'Idpackage' : 'Idwifi';
  const { rows } = await sql<Row>`
    SELECT * FROM ${sql.table(`core.${table}`)}
    WHERE company_id = ${call.user.companyId ?? 0} AND "Idprofile" = ${profile}
    ${ids ? sql`AND ${sql.ref(column)} = ANY(${ids}::bigint[])` : sql``}`.execute(call.deps.db);
  return new Map(rows.map((row) => [Number(row[column]), { ...row, id: Number(row.id) }]));
}

/** The names of the company's profiles by id. */
export async function profileNames(call: Call): Promise<Map<number, string>> {
  const { rows } = await sql<{ id: string; Name: string }>`
    SELECT id, "Name" FROM core.kiosk_profiles WHERE company_id = ${call.user.companyId ?? 0}`.execute(
    call.deps.db,
  );
  return new Map(rows.map((row) => [Number(row.id), row.Name]));
}
