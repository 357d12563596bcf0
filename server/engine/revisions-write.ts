import { actionRow, type ActionEntry } from '../actions-log';
import type { Db } from '../db/database';
import type { OperationContext } from '../services/registry';
import type { Row } from './hooks';

/** Through which door a write came (docs/resources.md, "Revisions"). */
export type Channel = 'console' | 'rest' | 'api-client' | 'device' | 'data-service';

export interface RevisionEntry {
  resource: string;
  record: string | number;
  change: 'create' | 'edit' | 'delete';
  /** The record's fields before: the whole row of a delete, the changed fields of an edit. */
  before: Row | null;
  after: Row | null;
}

/** Keeps one revision of a write, in the write's transaction (so both stand or fall together). */
export async function recordRevision(
  trx: Db,
  ctx: Pick<OperationContext, 'user' | 'channel'>,
  entry: RevisionEntry,
): Promise<void> {
  await trx.insertInto('core.revisions').values(revisionRow(ctx, entry)).execute();
}

/**
 * A write's actions-log line and its revision in one statement (a data-modifying WITH): one
 * round trip to the database fewer for every engine write.
 */
export async function recordActionAndRevision(
  trx: Db,
  ctx: Pick<OperationContext, 'user' | 'channel'>,
  action: ActionEntry,
  entry: RevisionEntry,
): Promise<void> {
  await trx
    .with('logged', (db) => db.insertInto('core.actions_log').values(actionRow(action)))
    .insertInto('core.revisions')
    .values(revisionRow(ctx, entry))
    .execute();
}

export function revisionRow(ctx: Pick<OperationContext, 'user' | 'channel'>, entry: RevisionEntry) {
  return {
    company_id: ctx.user.companyId,
    resource: entry.resource,
    record: String(entry.record),
    action: entry.change,
    user_id: ctx.user.id,
    login: ctx.user.login,
    channel: ctx.channel ?? 'console',
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
  };
}
