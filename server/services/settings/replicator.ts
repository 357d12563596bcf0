import { sql } from 'kysely';
import { z } from 'zod';
import { CATEGORY_CHOICES, checkSettingValue } from '../../../protocol/replicator';
import { datatableSchema } from '../../../protocol/paging';
import { escapeLike } from '../../../protocol/filters';
import { recordAction } from '../../actions-log';
import { ilike } from '../../db/filter-sql';
import { INT4_MAX } from '../../db/storable';
import { forgetReplicatorSettings } from '../../replication/settings';
import { languageOf } from '../../messages';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { ServiceError } from '../registry';
import { sortBy, sortFields } from '../sort-fields';
import { settingsTexts } from './texts';

const SORTS = sortFields({ KEYNAME: 'KEYNAME', IDCATEGORY: 'IDCATEGORY', TIPO: 'TIPO' } as const);

/** The name of a category (000 §3 Replicator setting's Category) in a language. */
function categoryName(id: number, language: 'es' | 'en'): string {
  return CATEGORY_CHOICES.find((c) => c.code === id)?.label[language] ?? String(id);
}

/**
 * `getDBconfig` (002 §7): the project's replicator settings, KEYNAME, KEYVALUE, IDCATEGORY, TIPO
 * and Category (its name in the caller's language); one setting with `keyname`. Searched by
 * key or value, filtered by category or type, sorted and paged in SQL.
 */
export const getDBconfig = defineProjectOperation({
  name: 'getDBconfig',
  parameter: z.object({
    database: databaseSchema,
    keyname: z.string().max(500).optional(),
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    filter: z
      .object({
        q: z.string().trim().max(200).optional(),
        IDCATEGORY: z.number().int().min(-INT4_MAX).max(INT4_MAX).optional(),
        TIPO: z.number().int().min(-INT4_MAX).max(INT4_MAX).optional(),
      })
      .default({}),
  }),
  node: 'settings.replicator',
  mode: 'show',
  async handler({ keyname, datatable, filter }, ctx, project) {
    const language = languageOf(ctx.user.language);
    const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null;
    const rows = project
      .db()
      .selectFrom('config')
      .$if(keyname !== undefined, (q) => q.where('KEYNAME', '=', keyname!))
      .$if(filter.IDCATEGORY !== undefined, (q) => q.where('IDCATEGORY', '=', filter.IDCATEGORY!))
      .$if(filter.TIPO !== undefined, (q) => q.where('TIPO', '=', filter.TIPO!))
      .$if(pattern !== null, (q) =>
        q.where((eb) =>
          eb.or([ilike(eb.ref('KEYNAME'), pattern!), ilike(eb.ref('KEYVALUE'), pattern!)]),
        ),
      );
    const by = sortBy(ctx.user, SORTS, datatable.orderBy, 'IDCATEGORY');
    const [data, count] = await Promise.all([
      rows
        .select(['KEYNAME', 'KEYVALUE', 'IDCATEGORY', 'TIPO'])
        .orderBy(by, datatable.orderDir)
        .orderBy('KEYNAME')
        .limit(datatable.length)
        .offset(datatable.start)
        .execute(),
      rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: data.map((row) => ({ ...row, Category: categoryName(row.IDCATEGORY, language) })),
      total: count.n,
    };
  },
});

/**
 * `setDBconfig` {keyname, keyvalue} (002 §7): one setting's new value, checked by the setting's
 * type as 000 §5 says (protocol/replicator.ts); the replication engine reads it within seconds
 * (server/replication/settings.ts).
 */
export const setDBconfig = defineProjectOperation({
  name: 'setDBconfig',
  parameter: z.object({
    database: databaseSchema,
    keyname: z.string().min(1).max(500),
    keyvalue: z.union([z.string().max(100_000), z.number(), z.boolean()]).transform(String),
  }),
  node: 'settings.replicator',
  mode: 'write',
  async handler({ keyname, keyvalue }, ctx, project) {
    const language = languageOf(ctx.user.language);
    const value = keyvalue.trim();
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const setting = await pdb
        .selectFrom('config')
        .select(['KEYNAME', 'KEYVALUE', 'TIPO', 'IDCATEGORY'])
        .where('KEYNAME', '=', keyname)
        .forUpdate()
        .executeTakeFirst();
      if (!setting) {
        throw settingsTexts.refusal(ctx.user, 'settingNotFound', {
          key: keyname,
          numero: project.numero,
        });
      }
      const problem = checkSettingValue(keyname, setting.TIPO, value, language);
      if (problem) throw new ServiceError(problem);
      await pdb
        .updateTable('config')
        .set({ KEYVALUE: value })
        .where('KEYNAME', '=', keyname)
        .execute();
      await recordAction(
        ctx,
        'replicator_setting_changed',
        {
          database: project.numero,
          keyname,
          from: setting.KEYVALUE ?? '',
          to: value,
        },
        trx,
      );
      return {
        KEYNAME: keyname,
        KEYVALUE: value,
        IDCATEGORY: setting.IDCATEGORY,
        TIPO: setting.TIPO,
        Category: categoryName(setting.IDCATEGORY, language),
      };
    });
    forgetReplicatorSettings(project.schema);
    return saved;
  },
});
