import type { ResourceDefinition } from '../../protocol/resource-definition';
import { callerAction, type ActionEntry } from '../actions-log';
import type { Db } from '../db/database';
import type { OperationContext } from '../services/registry';
import type { Row } from './hooks';
import type { RecordKey } from './keys';
import { recordActionAndRevision, type RevisionEntry } from './revisions-write';
import { recordLabel, revisionRecord } from './rows';

/**
 * What every engine write leaves in its transaction or its statement: a line in the actions log
 * and a revision (docs/resources.md, "Revisions").
 */

const ACTION_OF_CHANGE = {
  create: 'record_created',
  edit: 'record_modified',
  delete: 'record_deleted',
} as const;

/**
 * What every write leaves, in its transaction: its line in the actions log (naming the record by
 * `named`, the row as it reads after the write, or before a delete) and its revision.
 */
export async function traceWrite(
  trx: Db,
  ctx: OperationContext,
  definition: ResourceDefinition,
  id: RecordKey,
  named: Row,
  revision: Pick<RevisionEntry, 'change' | 'before' | 'after'>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const trace = traceOf(ctx, definition, id, named, revision, extra);
  await recordActionAndRevision(trx, ctx, trace.action, trace.revision);
}

/** The actions-log line and the revision of a write (traceWrite writes them). */
export function traceOf(
  ctx: OperationContext,
  definition: ResourceDefinition,
  id: RecordKey,
  named: Row,
  revision: Pick<RevisionEntry, 'change' | 'before' | 'after'>,
  extra: Record<string, unknown> = {},
): { action: ActionEntry; revision: RevisionEntry } {
  const project = definition.storage?.project;
  const detail = {
    resource: definition.name,
    id,
    name: recordLabel(definition, named),
    ...(project !== undefined && { database: project }),
    ...extra,
  };
  const action =
    definition.storage?.actions?.[revision.change] ?? ACTION_OF_CHANGE[revision.change];
  return {
    action: callerAction(ctx, action, detail),
    revision: { resource: definition.name, record: revisionRecord(definition, id), ...revision },
  };
}
