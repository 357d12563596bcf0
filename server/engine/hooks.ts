import type { Db } from '../db/database';
import { botsHooks } from './hooks/bots';
import type { OperationContext } from '../services/registry';
import { kioskAppsHooks } from './hooks/kiosk-apps';
import { kioskConfigHooks } from './hooks/kiosk-config';
import { mdmPoliciesHooks } from './hooks/mdm-policies';

/**
 * A resource's business rules that are not CRUD (docs/resources.md, "Hooks"): written in one
 * file, server/engine/hooks/<resource>.ts, listed in ENGINE_HOOKS. Each runs inside the write's
 * transaction (`trx`): a `before` hook may change the values written or refuse by throwing a
 * ServiceError (nothing is written); an `after` hook sees the stored row, and if it throws the
 * write is undone. Rows are by source (`packageName`, `id`, `version`), as the wire has them.
 */
export type Row = Record<string, unknown>;

export interface HookContext {
  ctx: OperationContext;
  trx: Db;
  resource: string;
}

export interface ResourceHooks {
  /**
   * A guard per field: called with the value a create or an edit writes to that field (and the
   * record before, null on a create), after the `before` hooks; it refuses by throwing.
   */
  guards?: Record<string, (value: unknown, before: Row | null, hook: HookContext) => Promise<void>>;
  beforeCreate?(values: Row, hook: HookContext): Promise<Row | void>;
  afterCreate?(row: Row, hook: HookContext): Promise<void>;
  beforeEdit?(changes: Row, before: Row, hook: HookContext): Promise<Row | void>;
  afterEdit?(after: Row, before: Row, hook: HookContext): Promise<void>;
  beforeDelete?(before: Row, hook: HookContext): Promise<void>;
  afterDelete?(before: Row, hook: HookContext): Promise<void>;
}

/**
 * The hooks of each resource that has some, by resource name. A hook file exports its
 * `ResourceHooks` and adds one line here: `'managed-apps': managedAppsHooks`.
 */
export const ENGINE_HOOKS: Record<string, ResourceHooks> = {
  'kiosk-apps': kioskAppsHooks,
  'kiosk-config': kioskConfigHooks,
  'mdm-policies': mdmPoliciesHooks,
  bots: botsHooks,
};

/** The hooks of a resource, read at each call (so a test may set some for a while). */
export function hooksOf(resource: string): ResourceHooks {
  return Object.hasOwn(ENGINE_HOOKS, resource) ? ENGINE_HOOKS[resource] : {};
}

/** Runs the guards of the fields a write sets. */
export async function runGuards(
  hooks: ResourceHooks,
  values: Row,
  before: Row | null,
  hook: HookContext,
): Promise<void> {
  for (const [source, guard] of Object.entries(hooks.guards ?? {})) {
    if (Object.hasOwn(values, source)) await guard(values[source], before, hook);
  }
}
