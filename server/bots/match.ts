import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { BOT_REPEAT_HOURS, BOT_RUN_DEVICES } from '../../protocol/bots';
import type { Bot } from './rules';

/**
 * The devices of the bot's project its trigger fires on now, by MID, at most BOT_RUN_DEVICES:
 * - `offline`: not connected, last seen more than N hours ago, not yet acted on since (once per
 *   time the device goes offline);
 * - `battery`: last reported battery under N %, not acted on in the last day;
 * - `errors`: N or more errors logged since the bot last acted on the device (or, the first
 *   time, in the bot's period);
 * - `replication`: more than N operations waiting in its replication queue, once a day;
 * - `noncompliant`: an MDM device of the project (core.mdm_devices) not compliant, once a day;
 * - `schedule`: every device;
 * each narrowed by the bot's platform, group and model. One SQL statement, on the project's indexes.
 */
export async function matchingDevices(db: Db, bot: Bot, schema: string): Promise<string[]> {
  const devices = sql.id(schema, 'devices');
  const hit = (since: RawBuilder<unknown>) => sql`EXISTS (
    SELECT 1 FROM core.bot_hits h WHERE h.bot_id = ${bot.id} AND h.mid = d."MID" AND h.at >= ${since})`;
  const threshold = bot.threshold ?? 0;
  const conditions: RawBuilder<unknown>[] = [];
  if (bot.platform) conditions.push(sql`d."DEVICE_TYPE" = ${bot.platform}`);
  if (bot.deviceGroup) conditions.push(sql`d."DEVICEGROUP" = ${bot.deviceGroup}`);
  if (bot.model) conditions.push(sql`d."MODEL" = ${bot.model}`);
  if (bot.trigger === 'offline') {
    conditions.push(sql`EXISTS (
      SELECT 1 FROM core.device_directory dd
       WHERE dd.mid = d."MID" AND dd.numero = ${bot.project} AND dd.revoked_at IS NULL
         AND NOT dd.online AND dd.last_seen < now() - make_interval(hours => ${threshold})
         AND NOT ${hit(sql`dd.last_seen`)})`);
  } else if (bot.trigger === 'battery') {
    conditions.push(sql`EXISTS (
      SELECT 1 FROM ${sql.id(schema, 'device_info')} i
       WHERE i."MID" = d."MID" AND jsonb_typeof(i."INFO" -> 'batteryLevel') = 'number'
         AND (i."INFO" ->> 'batteryLevel')::numeric < ${threshold})`);
    conditions.push(sql`NOT ${hit(sql`now() - make_interval(hours => ${BOT_REPEAT_HOURS})`)}`);
  } else if (bot.trigger === 'replication') {
    conditions.push(sql`EXISTS (
      SELECT 1 FROM ${sql.id(schema, 'replica_status')} r
       WHERE r."MID" = d."MID" AND r."PENDING" > ${threshold})`);
    conditions.push(sql`NOT ${hit(sql`now() - make_interval(hours => ${BOT_REPEAT_HOURS})`)}`);
  } else if (bot.trigger === 'noncompliant') {
    conditions.push(sql`EXISTS (
      SELECT 1 FROM core.mdm_devices m
       WHERE m.mid = d."MID" AND m.project = ${bot.project} AND m.compliance = 'noncompliant')`);
    conditions.push(sql`NOT ${hit(sql`now() - make_interval(hours => ${BOT_REPEAT_HOURS})`)}`);
  } else if (bot.trigger === 'errors') {
    const since = sql`coalesce(
      (SELECT h.at FROM core.bot_hits h WHERE h.bot_id = ${bot.id} AND h.mid = d."MID"),
      now() - make_interval(mins => ${bot.everyMinutes}))`;
    conditions.push(sql`(
      SELECT count(*) FROM (
        SELECT 1 FROM ${sql.id(schema, 'device_errors')} e
         WHERE e."MID" = d."MID" AND e."TIMESTAMP" > ${since} LIMIT ${threshold}) AS n
      ) >= ${threshold}`);
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const { rows } = await sql<{ MID: string }>`
    SELECT d."MID" FROM ${devices} d ${where} ORDER BY d."MID" LIMIT ${BOT_RUN_DEVICES}
  `.execute(db);
  return rows.map((row) => row.MID);
}

/** Marks the devices as acted on by the bot now. */
export async function recordHits(db: Db, botId: number, mids: string[]): Promise<void> {
  if (mids.length === 0) return;
  await sql`
    INSERT INTO core.bot_hits (bot_id, mid, at)
    SELECT ${botId}, mid, now() FROM unnest(${mids}::text[]) AS mid
    ON CONFLICT (bot_id, mid) DO UPDATE SET at = excluded.at
  `.execute(db);
}
