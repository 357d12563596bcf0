import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { afterCommit } from '../db/after-commit';
import { announcePolicies, type PolicyNotice } from './policy-push';

/**
 * The effective policy of managed devices (docs/mdm.md "Assignment"): the device's own (given by
 * an administrator, `ownPolicy`), else that of the assignment of lowest `priority` (then the
 * oldest) among the device groups of its project it is in, of its platform, else its enrolment
 * token's. Stored on the device with where it came from (`policySource`, `assignment`) and its
 * kind (kiosk or not), by ONE statement per change over the devices the change may move (a group
 * of 10,000 devices is one UPDATE), in the change's transaction; the device counts of the
 * assignments they left or joined are counted again after it (an index range each). Answers the notices of the active devices whose policy changed,
 * to send after the commit (`announceAfterCommit`).
 */

/** Which managed devices of a project a change may move. */
export interface DeviceScope {
  /** Managed devices by id (core.mdm_devices). */
  ids?: number[];
  /** Managed devices by MID. */
  mids?: string[];
  /** Devices of the project's schema by `ID` (a group's members, before and after). */
  deviceIds?: number[];
  /** Members of these groups of the project now. */
  groups?: number[];
  /** Devices whose policy comes from these assignments now. */
  assignments?: number[];
}

/** The schema of a company's project whose groups exist (null: gone, so no group applies). */
async function projectSchema(trx: Db, company: number, numero: number) {
  const { rows } = await sql<{ schema: string }>`
    SELECT schema_name AS schema FROM core.projects
     WHERE company_id = ${company} AND numero = ${numero} AND NOT deleted
       AND to_regclass(quote_ident(schema_name) || '.group_devices') IS NOT NULL`.execute(trx);
  return rows[0]?.schema ?? null;
}

const ints = (values: number[]) => sql`${values.map(Number)}::bigint[]`;

function scopeCondition(scope: DeviceScope, schema: string | null): RawBuilder<unknown> {
  const table = (name: string) => sql.table(`${schema}.${name}`);
  const parts: RawBuilder<unknown>[] = [];
  if (scope.ids?.length) parts.push(sql`d.id = ANY(${ints(scope.ids)})`);
  if (scope.mids?.length) parts.push(sql`d.mid = ANY(${scope.mids}::text[])`);
  if (scope.assignments?.length) parts.push(sql`d.assignment = ANY(${ints(scope.assignments)})`);
  if (schema && scope.deviceIds?.length) {
    parts.push(sql`d.mid IN (SELECT v."MID" FROM ${table('devices')} AS v
      WHERE v."ID" = ANY(${ints(scope.deviceIds)}))`);
  }
  if (schema && scope.groups?.length) {
    parts.push(sql`d.mid IN (SELECT v."MID" FROM ${table('group_devices')} AS gd
      JOIN ${table('devices')} AS v ON v."ID" = gd."IDDEVICE"
      WHERE gd."IDGROUP" = ANY(${ints(scope.groups)}))`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
}

/** The assignment a device (row `d`) takes from its groups, as a LATERAL subquery. */
function groupAssignment(schema: string | null, excluding: number[]) {
  if (!schema) return sql`SELECT NULL::bigint AS id, NULL::bigint AS policy WHERE false`;
  const table = (name: string) => sql.table(`${schema}.${name}`);
  return sql`SELECT a.id, a.policy FROM core.mdm_assignments AS a
    WHERE a.company_id = d.company_id AND a.project = d.project AND a.platform = d.platform
      AND a.id <> ALL(${ints(excluding)})
      AND EXISTS (SELECT 1 FROM ${table('group_devices')} AS gd
        JOIN ${table('devices')} AS v ON v."ID" = gd."IDDEVICE"
        WHERE gd."IDGROUP" = a."group" AND v."MID" = d.mid)
    ORDER BY a.priority, a.id LIMIT 1`;
}

interface Changed {
  mid: string;
  beforeAssignment: string | null;
  assignment: string | null;
  policy: string;
  policyVersion: number;
  online: boolean | null;
  notify: boolean;
}

/**
 * Recomputes the policy of the managed devices of project `numero` of `company` within `scope`,
 * leaving out the assignments `excluding` (being deleted). One statement: the devices'
 * policy, source, assignment and kind where they change; then the counts of the assignments
 * they moved between.
 */
export async function recomputePolicies(
  trx: Db,
  company: number,
  numero: number,
  scope: DeviceScope,
  excluding: number[] = [],
): Promise<PolicyNotice[]> {
  const schema = await projectSchema(trx, company, numero);
  const { rows } = await sql<Changed>`
    WITH target AS (
      SELECT d.id, d.policy AS before, d.assignment AS "beforeAssignment", dd.online,
        coalesce(d."ownPolicy", g.policy, tk.policy, d.policy) AS policy,
        CASE WHEN d."ownPolicy" IS NOT NULL THEN 'device'
             WHEN g.id IS NOT NULL THEN 'group' ELSE 'token' END AS source,
        CASE WHEN d."ownPolicy" IS NULL THEN g.id END AS assignment
      FROM core.mdm_devices AS d
      LEFT JOIN core.mdm_enrolment_tokens AS tk ON tk.id = d.token
      LEFT JOIN core.device_directory AS dd ON dd.mid = d.mid
      LEFT JOIN LATERAL (${groupAssignment(schema, excluding)}) AS g ON d."ownPolicy" IS NULL
      WHERE d.company_id = ${company} AND d.project = ${numero} AND ${scopeCondition(scope, schema)}
    ), changed AS (
      UPDATE core.mdm_devices AS d SET policy = t.policy, "policySource" = t.source,
        assignment = t.assignment,
        kind = CASE WHEN d.platform <> 'android' THEN d.platform
          WHEN p.document -> 'applications' @> '[{"installType": "KIOSK"}]' THEN 'kiosk'
          ELSE 'android' END,
        version = d.version + 1, updated_at = now()
      FROM target AS t JOIN core.mdm_policies AS p ON p.id = t.policy
      WHERE d.id = t.id AND (d.policy IS DISTINCT FROM t.policy
        OR d."policySource" IS DISTINCT FROM t.source OR d.assignment IS DISTINCT FROM t.assignment)
      RETURNING d.mid, d.policy, p."policyVersion", t.online, t."beforeAssignment", d.assignment,
        d.state = 'active' AND d.policy IS DISTINCT FROM t.before AS notify
    )
    SELECT mid, policy, "policyVersion", online, notify, "beforeAssignment", assignment
      FROM changed`.execute(trx);
  const moved = rows.flatMap((row) => [row.beforeAssignment, row.assignment]);
  await recountAssignments(trx, moved.filter((id) => id !== null).map(Number));
  return rows
    .filter((row) => row.notify)
    .map((row) => ({
      mid: String(row.mid),
      policy: Number(row.policy),
      version: Number(row.policyVersion),
      online: row.online === true,
    }));
}

/** Counts again the managed devices that take their policy from these assignments. */
export async function recountAssignments(trx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE core.mdm_assignments AS a SET devices = (SELECT count(*)::int
      FROM core.mdm_devices AS d WHERE d.company_id = a.company_id AND d.assignment = a.id)
    WHERE a.id = ANY(${ints([...new Set(ids)])})`.execute(trx);
}

/** Tells the devices once the transaction `trx` is committed, when its runner allows it. */
export function announceAfterCommit(trx: Db, notices: PolicyNotice[]): void {
  if (notices.length === 0) return;
  afterCommit(trx, (db) => announcePolicies(db, notices));
}

/** A project as the groups' writes hold it. */
interface GroupProject {
  numero: number;
  companyId: number;
}

/**
 * A group's members were written (server/services/groups/save.ts `writeMembers`): its assigned
 * policies follow its name, and the devices it had and has take their policy again; they are
 * told after the commit.
 */
export async function regroupPolicies(
  trx: Db,
  project: GroupProject,
  group: number,
  name: string,
  deviceIds: number[],
): Promise<void> {
  await sql`UPDATE core.mdm_assignments SET "groupName" = ${name}
     WHERE company_id = ${project.companyId} AND project = ${project.numero} AND "group" = ${group}
       AND "groupName" IS DISTINCT FROM ${name}`.execute(trx);
  if (deviceIds.length === 0) return;
  const scope = { deviceIds };
  announceAfterCommit(trx, await recomputePolicies(trx, project.companyId, project.numero, scope));
}

/**
 * A group was deleted: its assignments go, and the devices that took their policy from them fall
 * back to another group's, or their token's; they are told after the commit. The enrolment tokens
 * that named it enrol into no group from now.
 */
export async function groupDeleted(trx: Db, project: GroupProject, group: number): Promise<void> {
  await sql`UPDATE core.mdm_enrolment_tokens SET "group" = NULL, version = version + 1,
       updated_at = now()
     WHERE company_id = ${project.companyId} AND project = ${project.numero}
       AND "group" = ${group}`.execute(trx);
  const { rows } = await sql<{ id: string }>`SELECT id FROM core.mdm_assignments
     WHERE company_id = ${project.companyId} AND project = ${project.numero}
       AND "group" = ${group}`.execute(trx);
  if (rows.length === 0) return;
  const assignments = rows.map((row) => Number(row.id));
  const scope = { assignments };
  const { companyId, numero } = project;
  announceAfterCommit(trx, await recomputePolicies(trx, companyId, numero, scope, assignments));
  await sql`DELETE FROM core.mdm_assignments WHERE id = ANY(${ints(assignments)})`.execute(trx);
}
