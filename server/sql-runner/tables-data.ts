import { z } from 'zod';
import { rowFilterOperSchema, rowFilterSchema } from '../../protocol/filters';
import { datatableSchema } from '../../protocol/paging';
import { isSystemSource } from '../../protocol/tables';
import { tableData } from '../tables/operations';
import { grantSources, sourceSchema, enterSource } from '../tables/sources';
import { databaseSchema, defineProjectOperation } from '../services/projects/access';
import type { SandboxSession } from '../db/sandbox';
import { runSql } from './run';

/** A filter that is one plain table name rather than SQL. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * `tablesData` {database, filter, limit} (000 §7, 001 §7): `filter` is SQL text, run as the
 * project's role (server/sql-runner/run.ts), read-only unless the caller has write on the
 * project's 'queries' node (001 §6); `limit` -666 is the default 100 rows. A plain table name
 * is the data grid's page of that table (server/tables/operations.ts: `datatable`, `rowfilter`,
 * `rowfilteroper`, answering `recordsTotal`). `source` a system database: read only, its schema
 * the search path (docs/data-tools.md).
 */
export const tablesData = defineProjectOperation({
  name: 'tablesData',
  parameter: z.object({
    database: databaseSchema,
    filter: z.string().max(200_000),
    limit: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    datatable: datatableSchema.optional(),
    /** Answer every statement's result (`Results`), for the SQL tab's grids. */
    each: z.boolean().optional(),
    /** The project's own database or a system one (protocol/tables.ts): read only, its views. */
    source: sourceSchema,
    /** A table by name, whatever its characters (the data grid): `filter` is then not run. */
    table: z.string().min(1).max(63).optional(),
    rowfilter: rowFilterSchema,
    rowfilteroper: rowFilterOperSchema,
  }),
  node: 'queries',
  mode: 'show',
  async handler(
    { filter, limit, datatable, each, source, table: named, ...filters },
    ctx,
    project,
  ) {
    const table = named ?? filter.trim();
    const system = isSystemSource(source);
    if (system) await grantSources(ctx.db, ctx.sandbox, project);
    const options = {
      readOnly: system || !project.can('queries', 'write'),
      prepare: (session: SandboxSession) => enterSource(session, project, source),
      limit,
      log: ctx.log,
      each,
      signal: ctx.signal,
    };
    if (
      named !== undefined ||
      (TABLE_NAME.test(table) && !/^(select|values|table|with)$/i.test(table))
    ) {
      // The data grid: paged, sorted and filtered in SQL, with recordsTotal (server/tables/).
      return tableData(ctx, project, source, table, {
        datatable: datatableSchema.parse(datatable ?? {}),
        ...filters,
      });
    }
    return runSql(ctx.sandbox, project, filter, ctx.user, options);
  },
});
