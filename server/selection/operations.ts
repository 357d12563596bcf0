import pg from 'pg';
import { sql } from 'kysely';
import { z } from 'zod';
import { readTables, type ReplicatedTable } from '../replication/tables';
import { CompiledQuery } from 'kysely';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
} from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { languageOf } from '../messages';
import { selectionTexts } from './texts';
import { checkSelection, replicatedTable } from './check';
import type { SelectionRule } from '../../protocol/selection';

const { refusal, text } = selectionTexts;
const tableName = z.string().max(63);
const statementText = z.string().max(20_000);
const midText = z.string().max(100).optional();
const id = (name: string) => pg.escapeIdentifier(name);
const message = (ctx: OperationContext, key: 'queryOk' | 'saved') =>
  text(languageOf(ctx.user.language), key);

/** Every `gen_` table of the project with its rule (the default 'all rows' when none is saved). */
async function rulesOf(ctx: OperationContext, project: ProjectAccess): Promise<SelectionRule[]> {
  const tables = await readTables(
    async (q, values) => (await ctx.db.executeQuery(CompiledQuery.raw(q, values))).rows as never[],
    project.schema,
  );
  const saved = await project.db().selectFrom('selection').selectAll().execute();
  const byName = new Map(saved.map((row) => [row.TABLENAME, row]));
  return [...tables.keys()].sort().map((name) => {
    const row = byName.get(name);
    const ALWAYS = (row?.ALWAYS ?? 1) === 1 ? 1 : 0;
    const SELECTED = row?.SELECTED ?? true;
    return {
      TABLENAME: name,
      SELECTED,
      ALWAYS,
      CRITERIA: SELECTED && ALWAYS === 0,
      STATEMENT: row?.STATEMENT ?? '',
      ALLMID: row?.ALLMID ?? true,
      SELECTIVE: row?.SELECTIVE ?? 0,
      CRITERIAPROVISIONNING: row?.CRITERIAPROVISIONNING ?? '',
      SAVED: row !== undefined,
    };
  });
}

/** `selectionRules {database}`: the selected template, every `gen_` table's rule (001 §2 tab 4). */
export const selectionRules = defineProjectOperation({
  name: 'selectionRules',
  parameter: z.object({ database: databaseSchema }),
  node: 'queries',
  mode: 'show',
  async handler(_parameter, ctx, project) {
    return { data: await rulesOf(ctx, project) };
  },
});

const tableParameter = z.object({ database: databaseSchema, filter: tableName });

/** The table's columns, quoted, in their order. */
const columnList = (table: ReplicatedTable) => [...table.columns].map(id).join(', ');

/** `GetStandartStm {database, filter: table}`: the standard statement, every column of the table. */
export const GetStandartStm = defineProjectOperation({
  name: 'GetStandartStm',
  parameter: tableParameter,
  node: 'queries',
  mode: 'show',
  async handler({ filter }, ctx, project) {
    const table = await replicatedTable(ctx, project, filter);
    return { STATEMENT: `SELECT ${columnList(table)}\nFROM ${id(table.name)}` };
  },
});

/**
 * `GetAdvanceStm {database, filter: table}`: the advanced statement, with a condition on the
 * device (##MID##) on the column that most looks like one (a name with mid, dispositivo, device,
 * vendedor or comercial), else the first column outside the key, for the operator to adjust.
 */
export const GetAdvanceStm = defineProjectOperation({
  name: 'GetAdvanceStm',
  parameter: tableParameter,
  node: 'queries',
  mode: 'show',
  async handler({ filter }, ctx, project) {
    const table = await replicatedTable(ctx, project, filter);
    const columns = [...table.columns];
    const column =
      columns.find((c) => /mid|dispositivo|device|vendedor|comercial/i.test(c)) ??
      columns.find((c) => !table.key.includes(c)) ??
      columns[0];
    return {
      STATEMENT: `SELECT ${columnList(table)}\nFROM ${id(table.name)}\nWHERE ${id(column)} = ##MID##`,
    };
  },
});

const runParameter = z.object({
  database: databaseSchema,
  data: z.object({ TABLENAME: tableName, STATEMENT: statementText, MID: midText }),
});

/** A statement test: the replica criteria (callDB) or the provisioning criteria (callProvision). */
const statementTest = (name: 'callDB' | 'callProvision') =>
  defineProjectOperation({
    name,
    parameter: runParameter,
    node: 'queries',
    mode: 'show',
    async handler({ data }, ctx, project) {
      const table = await replicatedTable(ctx, project, data.TABLENAME);
      const run = await checkSelection(ctx, project, table, data.STATEMENT, data.MID);
      return { message: message(ctx, 'queryOk'), ...run };
    },
  });

/** `callDB {database, data: {TABLENAME, STATEMENT, MID}}`: checks and tests a replica criteria. */
export const callDB = statementTest('callDB');

/** `callProvision {database, data: {…}}`: the same for a table's provisioning criteria (SELECTIVE 10). */
export const callProvision = statementTest('callProvision');

/** `checkProvisioning {database}`: each table's provisioning criteria (tab 5). */
export const checkProvisioning = defineProjectOperation({
  name: 'checkProvisioning',
  parameter: z.object({ database: databaseSchema }),
  node: 'queries',
  mode: 'show',
  async handler(_parameter, ctx, project) {
    const rules = await rulesOf(ctx, project);
    return {
      data: rules.map(({ TABLENAME, SELECTED, SELECTIVE, CRITERIAPROVISIONNING }) => ({
        TABLENAME,
        SELECTED,
        SELECTIVE,
        CRITERIAPROVISIONNING,
      })),
    };
  },
});

/**
 * `UpdateAST {database, data}`: saves a table's rule; fields left out keep their value. A
 * criteria (ALWAYS 0) and provisioning criteria (SELECTIVE 10) are checked and run first, as
 * callDB does (MID: the device to test ##MID## with). A change of the rule makes every
 * provisioned device pending re-selection: their copies were built by the old rule.
 */
export const UpdateAST = defineProjectOperation({
  name: 'UpdateAST',
  parameter: z.object({
    database: databaseSchema,
    data: z.object({
      TABLENAME: tableName,
      SELECTED: z.boolean().optional(),
      ALWAYS: z.union([z.literal(0), z.literal(1)]).optional(),
      STATEMENT: statementText.optional(),
      ALLMID: z.boolean().optional(),
      SELECTIVE: z.union([z.literal(0), z.literal(10)]).optional(),
      CRITERIAPROVISIONNING: statementText.optional(),
      MID: midText,
    }),
  }),
  node: 'queries',
  mode: 'write',
  async handler({ data }, ctx, project) {
    const table = await replicatedTable(ctx, project, data.TABLENAME);
    const before = (await rulesOf(ctx, project)).find((r) => r.TABLENAME === table.name)!;
    const next = {
      SELECTED: data.SELECTED ?? before.SELECTED,
      ALWAYS: data.ALWAYS ?? before.ALWAYS,
      STATEMENT: (data.STATEMENT ?? before.STATEMENT).trim(),
      ALLMID: data.ALLMID ?? before.ALLMID,
      SELECTIVE: data.SELECTIVE ?? before.SELECTIVE,
      CRITERIAPROVISIONNING: (data.CRITERIAPROVISIONNING ?? before.CRITERIAPROVISIONNING).trim(),
    };
    if (next.SELECTED && next.ALWAYS === 0) {
      await checkSelection(ctx, project, table, next.STATEMENT, data.MID, 1);
    }
    if (next.SELECTIVE === 10) {
      await checkSelection(ctx, project, table, next.CRITERIAPROVISIONNING, data.MID, 1);
    }
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== before[k]);
    const pending = await ctx.db.transaction().execute(async (trx) => {
      await project
        .db(trx)
        .insertInto('selection')
        .values({ TABLENAME: table.name, ...next, MODIFIEDBY: ctx.user.id })
        .onConflict((oc) =>
          oc
            .column('TABLENAME')
            .doUpdateSet({ ...next, MODIFIED: sql`now()`, MODIFIEDBY: ctx.user.id }),
        )
        .execute();
      if (!changed) return 0;
      const marked = await sql`
        INSERT INTO ${sql.id(project.schema, 'selection_pending')} ("MID")
        SELECT "MID" FROM ${sql.id(project.schema, 'devices')} WHERE "STATUS" NOT IN (-1, 0, 1)
        ON CONFLICT DO NOTHING`.execute(trx);
      return Number(marked.numAffectedRows ?? 0);
    });
    return { message: message(ctx, 'saved'), TABLENAME: table.name, pending };
  },
});

const midParameter = z.object({ database: databaseSchema, mid: z.string().min(1).max(100) });

/**
 * `deviceDynamicSelected {database, mid}`: one device's selection (001 §3 "MID info"): every
 * table's rule, whether the template applies to it for the device and CONDITIONAL, and PENDIENTE
 * (1: waiting to be selected again).
 */
export const deviceDynamicSelected = defineProjectOperation({
  name: 'deviceDynamicSelected',
  parameter: midParameter,
  node: 'queries',
  mode: 'show',
  async handler({ mid }, ctx, project) {
    const [rules, assigned, pending] = await Promise.all([
      rulesOf(ctx, project),
      project.db().selectFrom('selection_devices').selectAll().where('MID', '=', mid).execute(),
      project.db().selectFrom('selection_pending').select('MID').where('MID', '=', mid).execute(),
    ]);
    const byTable = new Map(assigned.map((row) => [row.TABLENAME, row]));
    return {
      MID: mid,
      PENDIENTE: pending.length > 0 ? 1 : 0,
      data: rules.map((rule) => ({
        ...rule,
        ASSIGNED: byTable.has(rule.TABLENAME),
        CONDITIONAL: byTable.get(rule.TABLENAME)?.CONDITIONAL ?? false,
      })),
    };
  },
});

/**
 * `saveDynamicSelected {database, mid, TABLES: [{TABLENAME, CONDITIONAL}]}`: applies the selected
 * template to one device: these tables (their criteria when CONDITIONAL, every row otherwise)
 * replace its earlier ones, and it becomes pending re-selection. No table: 'No ha seleccionado
 * ninguna tabla'.
 */
export const saveDynamicSelected = defineProjectOperation({
  name: 'saveDynamicSelected',
  parameter: midParameter.extend({
    TABLES: z
      .array(z.object({ TABLENAME: tableName, CONDITIONAL: z.boolean().default(true) }))
      .max(1000),
  }),
  node: 'queries',
  mode: 'write',
  async handler({ mid, TABLES }, ctx, project) {
    if (TABLES.length === 0) throw refusal(ctx.user, 'noTables');
    for (const { TABLENAME } of TABLES) await replicatedTable(ctx, project, TABLENAME);
    const device = await project
      .db()
      .selectFrom('devices')
      .select('MID')
      .where('MID', '=', mid)
      .executeTakeFirst();
    if (!device) throw refusal(ctx.user, 'midUnknown', { mid });
    await ctx.db.transaction().execute(async (trx) => {
      await project.db(trx).deleteFrom('selection_devices').where('MID', '=', mid).execute();
      await project
        .db(trx)
        .insertInto('selection_devices')
        .values(
          TABLES.map((t) => ({ MID: mid, TABLENAME: t.TABLENAME, CONDITIONAL: t.CONDITIONAL })),
        )
        .onConflict((oc) => oc.columns(['TABLENAME', 'MID']).doNothing())
        .execute();
      await project
        .db(trx)
        .insertInto('selection_pending')
        .values({ MID: mid })
        .onConflict((oc) => oc.column('MID').doNothing())
        .execute();
    });
    return { message: message(ctx, 'saved'), MID: mid, PENDIENTE: 1 };
  },
});
