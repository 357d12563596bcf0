import { z } from 'zod';
import { datatableSchema } from '../../protocol/paging';
import { databaseSchema, defineProjectOperation } from '../services/projects/access';
import { runSql } from './run';

/** A filter that is one plain table name rather than SQL. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * `tablesData` {database, filter, limit} (000 §7, 001 §7): `filter` is SQL text, run as the
 * project's role (server/sql-runner/run.ts), read-only unless the caller has write on the
 * project's 'queries' node (001 §6); `limit` -666 is the default 100 rows. A plain table name
 * reads that table's rows, `datatable.start` on, `datatable.length` of them (the table browser
 * of 001 §2 builds on this).
 */
export const tablesData = defineProjectOperation({
  name: 'tablesData',
  parameter: z.object({
    database: databaseSchema,
    filter: z.string().max(200_000),
    limit: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    datatable: datatableSchema.optional(),
  }),
  node: 'queries',
  mode: 'show',
  async handler({ filter, limit, datatable }, ctx, project) {
    const table = filter.trim();
    const options = {
      readOnly: !project.can('queries', 'write'),
      limit,
      log: ctx.log,
    };
    if (TABLE_NAME.test(table) && !/^(select|values|table|with)$/i.test(table)) {
      const text = `SELECT * FROM "${table}" OFFSET ${datatable?.start ?? 0}`;
      return runSql(ctx.sandbox, project, text, ctx.user, {
        ...options,
        limit: datatable?.length ?? limit,
      });
    }
    return runSql(ctx.sandbox, project, filter, ctx.user, options);
  },
});
