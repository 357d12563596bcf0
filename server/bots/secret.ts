import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A new key: 32 random bytes as hex. */
export const newSecret = () => randomBytes(32).toString('hex');

/**
 * The key a bot's webhook requests are signed with (docs/bots.md, "Webhooks"): made by the
 * server, once, the first time it is needed (a bot saved before webhooks existed has none), and
 * kept in core.bot_state beside its creator.
 */
export async function botSecret(db: Db, botId: number): Promise<string> {
  const { rows } = await sql<{ secret: string }>`
    INSERT INTO core.bot_state (bot_id, user_id, secret) VALUES (${botId}, NULL, ${newSecret()})
    ON CONFLICT (bot_id) DO UPDATE SET secret = coalesce(core.bot_state.secret, excluded.secret)
    RETURNING secret
  `.execute(db);
  return rows[0].secret;
}

/** A new key for the bot, replacing the old one (a key that leaked). */
export async function renewBotSecret(db: Db, botId: number): Promise<string> {
  const secret = newSecret();
  await db.updateTable('core.bot_state').set({ secret }).where('bot_id', '=', botId).execute();
  return secret;
}
