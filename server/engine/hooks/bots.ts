import { botProject, checkBot, checkBotReport, type Bot } from '../../bots/rules';
import { newSecret } from '../../bots/secret';
import type { ResourceHooks, Row } from '../hooks';

/**
 * Bots (protocol/resources/bots.ts): saved only by someone who may do the bot's action in its
 * project, with the fields its trigger and action need; its creator is kept, since its runs act
 * with their rights; deleting it deletes its history.
 */
export const botsHooks: ResourceHooks = {
  async beforeCreate(values, { ctx }) {
    const bot = values as unknown as Bot;
    checkBot(ctx.user, bot);
    await checkBotReport(ctx, await botProject(ctx, bot), bot);
  },
  async beforeEdit(changes, before, { ctx }) {
    const bot = { ...before, ...changes } as Row as unknown as Bot;
    checkBot(ctx.user, bot);
    await checkBotReport(ctx, await botProject(ctx, bot), bot);
  },
  async afterCreate(row, { ctx, trx }) {
    await trx
      .insertInto('core.bot_state')
      .values({ bot_id: Number(row.id), user_id: ctx.user.id, secret: newSecret() })
      .execute();
  },
  async afterDelete(before, { trx }) {
    const id = Number(before.id);
    await trx.deleteFrom('core.bot_state').where('bot_id', '=', id).execute();
    await trx.deleteFrom('core.bot_runs').where('bot_id', '=', id).execute();
    await trx.deleteFrom('core.bot_hits').where('bot_id', '=', id).execute();
  },
};
