import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema, type Page } from '../../protocol/paging';
import { BOT_RUNS } from '../../protocol/resources/bot-runs';
import { idSchema } from '../engine/read';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../resources/definition-filters';
import { defineOperation, type OperationContext } from '../services/registry';
import { sortBy, sortFields } from '../services/sort-fields';
import { BOT_COLUMNS, type Bot } from './rules';
import { runBot } from './run';
import { botSecret, renewBotSecret } from './secret';
import { botTexts } from './texts';

/** A bot of the caller's company, as the runner reads it; refused when there is none. */
async function companyBot(ctx: OperationContext, id: number): Promise<Bot> {
  const { rows } = await sql<Bot>`
    SELECT ${BOT_COLUMNS} FROM core.bots b
     WHERE b.id = ${id} AND b.company_id = ${ctx.user.companyId ?? -1}
  `.execute(ctx.db);
  if (!rows[0]) throw botTexts.refusal(ctx.user, 'botNotFound', { id: String(id) });
  return rows[0];
}

/**
 * `botsRun {id, dry}`: a dry run answers the devices the bot would fire on now, acting on none;
 * otherwise the bot runs now, as on its schedule (with its creator's rights), and the run is in
 * its history. Company administrators, as the bots' other writes.
 */
export const botsRun = defineOperation({
  name: 'botsRun',
  parameter: z.object({ id: idSchema, dry: z.boolean().default(true) }),
  permission: 'admin',
  async handler({ id, dry }, ctx) {
    const bot = await companyBot(ctx, id);
    return runBot(ctx, bot, dry);
  },
});

/**
 * `botsSecret {id, renew}`: the key the bot's webhook requests are signed with, revealed to the
 * company's administrators (who write the bot); `renew` replaces it first (docs/bots.md).
 */
export const botsSecret = defineOperation({
  name: 'botsSecret',
  parameter: z.object({ id: idSchema, renew: z.boolean().default(false) }),
  permission: 'admin',
  async handler({ id, renew }, ctx) {
    const bot = await companyBot(ctx, id);
    const secret = renew ? await renewBotSecret(ctx.db, bot.id) : await botSecret(ctx.db, bot.id);
    return { secret };
  },
});

const FILTER_COLUMNS = {
  startedAt: sql.ref('started_at'),
  bot: sql.ref('bot_id'),
  botName: sql.ref('bot_name'),
  project: sql.ref('project'),
  outcome: sql.ref('outcome'),
};
const SORTS = sortFields({ startedAt: 'id', devices: 'devices' } as const);

export interface BotRunRow {
  id: number;
  startedAt: Date;
  bot: number;
  botName: string;
  project: number;
  outcome: string;
  devices: number;
  mids: string;
  detail: string;
}

/** `botRuns`: the company's bot runs, newest first, paged, sorted and filtered in SQL. */
export const botRuns = defineOperation({
  name: 'botRuns',
  parameter: z.object({
    datatable: datatableSchema.default({ start: 0, length: 25, orderDir: 'desc' }),
    filter: plainFilterSchema({ q: z.string().max(200).optional() }),
    ...rowFilterParameters,
  }),
  permission: 'admin',
  async handler(given, ctx): Promise<Page<BotRunRow>> {
    const { datatable } = given;
    const filters = definitionFilters(BOT_RUNS, FILTER_COLUMNS, given, ctx.user);
    const order = sortBy(ctx.user, SORTS, datatable.orderBy, 'id');
    if (ctx.user.companyId === null) return { data: [], total: 0 };
    const query = ctx.db
      .selectFrom('core.bot_runs')
      .where('company_id', '=', ctx.user.companyId)
      .where(filters);
    const [rows, count] = await Promise.all([
      query
        .select([
          'id',
          'started_at as startedAt',
          'bot_id as bot',
          'bot_name as botName',
          'project',
          'outcome',
          'devices',
          'mids',
          'detail',
        ])
        .orderBy(order, datatable.orderDir)
        .orderBy('id', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const data = rows.map((row) => ({ ...row, id: Number(row.id) }));
    return { data, total: Number(count.total) };
  },
});
