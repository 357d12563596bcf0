import { sql } from 'kysely';
import { z } from 'zod';
import { NEW_REPORT_ID } from '../../../protocol/reports';
import { recordAction } from '../../actions-log';
import { INT4_MAX, rowIdField } from '../../db/storable';
import { reportTexts } from '../../sql-runner/texts';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { reportRows, visibleReports } from './list';

/** The private flag as the console may send it: true/false or 1/0. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1'])])
  .transform((value) => value === true || value === 1 || value === '1');

/**
 * SaveReport's parameter (001 §7: Title, ID, Code, SQL, DBNumber, Type): DBNumber is the project
 * (`database` is taken too, as every other project call sends it). ID -1 is a new report.
 */
const saveParameter = z
  .object({
    ID: z.number().int().min(NEW_REPORT_ID).max(INT4_MAX).default(NEW_REPORT_ID),
    Title: z.string().max(200).default(''),
    Code: flag.default(false),
    SQL: z.string().max(200_000).default(''),
    Type: z
      .union([z.string().max(20), z.number().int()])
      .transform(String)
      .default('1'),
    DBNumber: databaseSchema.optional(),
    database: databaseSchema.optional(),
  })
  .transform(({ DBNumber, database, ...rest }) => ({ ...rest, database: (database ?? DBNumber)! }))
  .refine((value) => value.database !== undefined, { message: 'DBNumber is required' });

/**
 * `SaveReport` (001 §7): creates (ID -1) or changes a report the caller may see, with write on
 * the project's 'reports' node (001 §6: others are read-only). A name and SQL are required
 * (001 §5). Answers the saved report.
 */
export const SaveReport = defineProjectOperation({
  name: 'SaveReport',
  parameter: saveParameter,
  node: 'reports',
  mode: 'write',
  async handler({ ID, Title, Code, SQL, Type }, ctx, project) {
    const { refusal } = reportTexts;
    if (Title.trim() === '') throw refusal(ctx.user, 'titleRequired');
    if (SQL.trim() === '') throw refusal(ctx.user, 'sqlRequired');
    const values = { TITLE: Title.trim(), CODE: Code, SQL, TYPE: Type };
    const saved =
      ID === NEW_REPORT_ID || ID === 0
        ? await project
            .db()
            .insertInto('reports')
            .values({ ...values, OWNER: ctx.user.id })
            .returningAll()
            .executeTakeFirstOrThrow()
        : await project
            .db()
            .updateTable('reports')
            .set({ ...values, MODIFIED: sql`now()` })
            .where('ID', '=', ID)
            .where((eb) => eb.or([eb('CODE', '=', false), eb('OWNER', '=', ctx.user.id)]))
            .returningAll()
            .executeTakeFirst();
    if (!saved) throw refusal(ctx.user, 'reportNotFound', { id: ID, numero: project.numero });
    await recordAction(ctx, 'report_saved', {
      project: project.name,
      database: project.numero,
      id: saved.ID,
      title: saved.TITLE,
    });
    return (await reportRows([saved], project, ctx))[0];
  },
});

/** `DeleteReport` {database, filter: report id} (001 §7), with write on 'reports'. */
export const DeleteReport = defineProjectOperation({
  name: 'DeleteReport',
  parameter: z.object({ database: databaseSchema, filter: rowIdField('a report id') }),
  node: 'reports',
  mode: 'write',
  async handler({ filter: id }, ctx, project) {
    const visible = await visibleReports(project, ctx)
      .select(['ID', 'TITLE'])
      .where('ID', '=', id)
      .executeTakeFirst();
    if (!visible)
      throw reportTexts.refusal(ctx.user, 'reportNotFound', { id, numero: project.numero });
    await project.db().deleteFrom('reports').where('ID', '=', id).execute();
    await recordAction(ctx, 'report_deleted', {
      project: project.name,
      database: project.numero,
      id,
      title: visible.TITLE,
    });
    return { deleted: id };
  },
});
