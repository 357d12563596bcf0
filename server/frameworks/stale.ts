import { sql } from 'kysely';
import { GENERATION_STALE_MINUTES } from '../../protocol/frameworks';
import type { Db } from '../db/database';
import { engineDb } from '../engine/rows';
import { languageOf } from '../messages';
import { setProgress } from './store';
import { frameworksText } from './texts';

/**
 * Marks failed, with the reason in the generating user's language, the generations still queued
 * or running that have not moved for GENERATION_STALE_MINUTES: their job died with the node that
 * ran it (a job lives in the node that answered the generate call and moves every few seconds).
 * Called when a node starts and before the frameworks page and its operations read them.
 */
export async function failStaleGenerations(db: Db): Promise<number> {
  const stale = (await engineDb(db)
    .selectFrom('core.framework_generations as g')
    .select([
      'g.id',
      sql<string | null>`(select language from core.users where id = g."userId")`.as('language'),
    ])
    .where('g.state', 'in', ['queued', 'running'])
    .where(
      'g.updated_at',
      '<',
      sql<Date>`now() - make_interval(mins => ${GENERATION_STALE_MINUTES})`,
    )
    .limit(500)
    .execute()) as { id: number; language: string | null }[];
  for (const row of stale) {
    const reason = frameworksText(languageOf(row.language ?? undefined), 'stale', {
      minutes: GENERATION_STALE_MINUTES,
    });
    await setProgress(db, row.id, {
      state: 'failed',
      detail: frameworksText(languageOf(row.language ?? undefined), 'failed', { reason }),
    });
  }
  return stale.length;
}
