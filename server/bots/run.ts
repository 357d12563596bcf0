import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { activeUserById, type SessionUser } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import { languageOf } from '../messages';
import { ServiceError, type OperationContext } from '../services/registry';
import { BOT_SHOWN_DEVICES, type BotOutcome } from '../../protocol/bots';
import { act, BotFailure } from './actions';
import { matchingDevices, recordHits } from './match';
import { botProject, type Bot } from './rules';
import { botTexts } from './texts';

export interface BotDeps {
  db: Db;
  sandbox: SqlSandbox;
  config: Config;
  log: FastifyBaseLogger;
}

export interface BotRun {
  outcome: BotOutcome;
  /** The devices it fired on (a dry run: would fire on), the first BOT_SHOWN_DEVICES of them. */
  mids: string[];
  devices: number;
  detail: string;
}

/** The user a bot acts as: its creator, while they exist and are active in an active company. */
async function ownerOf(db: Db, bot: Bot): Promise<SessionUser | null> {
  const state = await db
    .selectFrom('core.bot_state')
    .select('user_id')
    .where('bot_id', '=', bot.id)
    .executeTakeFirst();
  const user = state?.user_id ? await activeUserById(db, state.user_id) : null;
  if (!user || user.companyId !== bot.company_id || user.company?.active === false) return null;
  return user;
}

/**
 * Runs a bot once, as its creator: the devices its trigger fires on now, then its action for
 * them (docs/bots.md). A dry run only says which devices it would fire on. A real run that did
 * something, or was refused or failed, is kept in its history (core.bot_runs); every real run
 * marks when it ran.
 */
export async function runBot(deps: BotDeps, bot: Bot, dry = false): Promise<BotRun> {
  const { db } = deps;
  const result = await evaluate(deps, bot, dry);
  if (dry) return result;
  await db
    .insertInto('core.bot_state')
    .values({ bot_id: bot.id, user_id: null, last_run_at: sql`now()` })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet({ last_run_at: sql`now()` }))
    .execute();
  if (result.outcome !== 'nothing') {
    await db
      .insertInto('core.bot_runs')
      .values({
        company_id: bot.company_id,
        bot_id: bot.id,
        bot_name: bot.name,
        project: bot.project,
        outcome: result.outcome,
        devices: result.devices,
        mids: result.mids.join(', '),
        detail: result.detail,
      })
      .execute();
  }
  return result;
}

async function evaluate(deps: BotDeps, bot: Bot, dry: boolean): Promise<BotRun> {
  let found: Pick<BotRun, 'mids' | 'devices'> = { mids: [], devices: 0 };
  const user = await ownerOf(deps.db, bot);
  if (!user) return { outcome: 'refused', ...found, detail: botTexts.text('es', 'ownerGone') };
  const ctx: OperationContext = { ...deps, user };
  const language = languageOf(user.language);
  try {
    const project = await botProject(ctx, bot);
    const mids = await matchingDevices(deps.db, bot, project.schema);
    found = { mids: mids.slice(0, BOT_SHOWN_DEVICES), devices: mids.length };
    if (mids.length === 0) {
      return { outcome: 'nothing', ...found, detail: botTexts.text(language, 'ranNothing') };
    }
    if (dry) return { outcome: 'done', ...found, detail: '' };
    const detail = await act({ deps, ctx, bot, project, mids });
    if (bot.trigger !== 'schedule') await recordHits(deps.db, bot.id, mids);
    return { outcome: 'done', ...found, detail };
  } catch (error) {
    const none = { mids: [], devices: 0 };
    if (error instanceof ServiceError)
      return { outcome: 'refused', ...none, detail: error.message };
    // The action's own failure (a webhook's error answer): the devices stay to be acted on.
    if (error instanceof BotFailure) return { outcome: 'failed', ...found, detail: error.message };
    deps.log.error({ err: error, bot: bot.id }, 'bot run failed');
    return { outcome: 'failed', ...none, detail: error instanceof Error ? error.message : '' };
  }
}
