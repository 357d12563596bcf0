import { z } from 'zod';
import { isSystemSource, type TableSource } from '../../protocol/tables';
import { FilterError } from '../../protocol/filters';
import { ALL_DEVICES } from '../../protocol/replication';
import { updateTableDataShape, type UpdateTableDataResult } from '../../protocol/table-data';
import { deviceRefusal } from '../services/devices/texts';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
} from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import type { SandboxSession } from '../db/sandbox';
import { lockApplier, recordOperatorOperation } from '../replication/operator';
import { listTables, readColumns } from './columns';
import { tablePage, type PageRequest } from './data';
import { grantSources, sourceSchema, sourceSchemaName, enterSource } from './sources';
import { tablesTexts } from './texts';
import { applyRecord, RecordRefusal } from './update';

/** Table and column names as PostgreSQL's catalogue may have them (checked there, then quoted). */
export const tableNameSchema = z.string().min(1).max(63);

const refusal = tablesTexts.refusal;

/**
 * Runs `work` as the project's own role on a source: a system source read-only with its schema
 * as search path. PostgreSQL's refusals and a lost connection become refusals in the caller's
 * language; the record editor's own refusals pass as they are.
 */
export async function onSource<T>(
  ctx: OperationContext,
  project: ProjectAccess,
  source: TableSource,
  work: (session: SandboxSession, schema: string) => Promise<T>,
): Promise<T> {
  if (isSystemSource(source)) await grantSources(ctx.db, ctx.sandbox, project);
  try {
    return await ctx.sandbox.run(project, async (session) => {
      await enterSource(session, project, source);
      return work(session, sourceSchemaName(project, source));
    });
  } catch (error) {
    if (error instanceof RecordRefusal) throw refusal(ctx.user, error.key, error.vars);
    // The device list's words for a filter to correct (the same operators).
    if (error instanceof FilterError) throw deviceRefusal(ctx.user, error.issue, error.values);
    if ((error as { flotaRefusal?: boolean }).flotaRefusal) throw error;
    const { code, message } = error as { code?: string; message?: string };
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      throw refusal(ctx.user, 'statementFailed', { code, message: message ?? '' });
    }
    ctx.log.error({ err: error, project: project.numero }, 'tables: the project SQL failed');
    throw refusal(ctx.user, 'unavailable');
  }
}

/** The columns of a table of the source, refused when it is none the project's role may read. */
async function columnsOf(
  ctx: OperationContext,
  session: SandboxSession,
  schema: string,
  table: string,
  source: TableSource,
) {
  const columns = await readColumns(session, schema, table);
  if (columns.length === 0) {
    throw Object.assign(refusal(ctx.user, 'tableNotFound', { table, source }), {
      flotaRefusal: true,
    });
  }
  return columns;
}

/** `tables` {database, source?}: the tables of the source the project's role may read. */
export const tables = defineProjectOperation({
  name: 'tables',
  parameter: z.object({ database: databaseSchema, source: sourceSchema }),
  node: 'queries',
  mode: 'show',
  async handler({ source }, ctx, project) {
    return onSource(ctx, project, source, (session, schema) => listTables(session, schema));
  },
});

/** `tablesColumns` {database, source?, filter: table}: its columns (001 §3). */
export const tablesColumns = defineProjectOperation({
  name: 'tablesColumns',
  parameter: z.object({ database: databaseSchema, source: sourceSchema, filter: tableNameSchema }),
  node: 'queries',
  mode: 'show',
  async handler({ source, filter }, ctx, project) {
    return onSource(ctx, project, source, (session, schema) =>
      columnsOf(ctx, session, schema, filter, source),
    );
  },
});

/** One page of a table for the data grid (tables-data.ts hands table names here). */
export async function tableData(
  ctx: OperationContext,
  project: ProjectAccess,
  source: TableSource,
  table: string,
  request: PageRequest,
) {
  return onSource(ctx, project, source, async (session, schema) => {
    const columns = await columnsOf(ctx, session, schema, table, source);
    const { orderBy } = request.datatable;
    if (orderBy !== undefined && !columns.some((c) => c.COLUMN_NAME === orderBy)) {
      throw new RecordRefusal('orderNotColumn', { column: orderBy, table });
    }
    return tablePage(ctx.db, session, schema, table, columns, request);
  });
}

/**
 * `updateTableData` (001 §5, §7; docs/data-tools.md): edit, insert or delete one record of a
 * table of the project's own database, as its role, with a statement the server builds from the
 * table's real columns. With `replica` (gen_ tables only) the change also becomes an IQUEUE
 * operation for `replicaMID` (9999: every device), fanned out in the same transaction.
 */
export const updateTableData = defineProjectOperation({
  name: 'updateTableData',
  parameter: z.object({ database: databaseSchema, ...updateTableDataShape }),
  node: 'queries',
  mode: 'write',
  async handler(parameter, ctx, project): Promise<UpdateTableDataResult> {
    const { filter: table, action, replica, replicaMID, data, changes, rows } = parameter;
    if (rows && action !== 'delete') throw refusal(ctx.user, 'rowsOnlyDelete');
    if (replica && !table.startsWith('gen_')) throw refusal(ctx.user, 'replicaNotGen');
    if (replica && replicaMID !== ALL_DEVICES) {
      const device = await project
        .db()
        .selectFrom('devices')
        .select('MID')
        .where('MID', '=', replicaMID)
        .executeTakeFirst();
      if (!device) throw refusal(ctx.user, 'unknownMid', { mid: replicaMID });
    }
    return onSource(ctx, project, 'project', async (session, schema) => {
      const columns = await columnsOf(ctx, session, schema, table, 'project');
      const names = columns.map((c) => c.COLUMN_NAME);
      if (parameter.columns && parameter.columns.some((name) => !names.includes(name))) {
        throw new RecordRefusal('columnsChanged', { table });
      }
      if (replica) await lockApplier(session, project);
      // Several records (a multi-select delete) in this one transaction: a refusal of any
      // undoes the others.
      let outcome: Awaited<ReturnType<typeof applyRecord>> | null = null;
      let affected = 0;
      let operation: number | null = null;
      for (const record of rows ?? [data]) {
        outcome = await applyRecord(session, schema, columns, {
          table,
          action,
          data: record,
          changes,
        });
        affected += outcome.affected;
        if (replica) {
          if (Object.keys(outcome.key).length === 0) throw new RecordRefusal('noKey', { table });
          operation = await recordOperatorOperation(session, project, {
            table,
            op: action === 'edit' ? 'update' : action,
            key: outcome.key,
            values: outcome.values,
            target: replicaMID,
            sql: outcome.statement,
          });
        }
      }
      ctx.log.info(
        { project: project.numero, table, action, replica, records: affected, user: ctx.user.id },
        'tables: record changed',
      );
      return {
        statement: outcome!.statement,
        RecordsAffected: affected,
        row: outcome!.row as UpdateTableDataResult['row'],
        operation,
        message: tablesTexts.text(ctx.user.language === 'en' ? 'en' : 'es', 'updated'),
      };
    });
  },
});
