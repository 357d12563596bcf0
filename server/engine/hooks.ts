import type { RawBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { EngineVerb } from '../../protocol/resource-entity';
import type { Db } from '../db/database';
import { botsHooks } from './hooks/bots';
import { certificatesHooks } from './hooks/certificates';
import { environmentsHooks } from './hooks/environments';
import { identityClientsHooks } from './hooks/identity-clients';
import type { OperationContext } from '../services/registry';
import { kioskAppsHooks } from './hooks/kiosk-apps';
import { kioskConfigHooks } from './hooks/kiosk-config';
import { kioskDevicesHooks } from './hooks/kiosk-devices';
import { kioskProfileAppsHooks } from './hooks/kiosk-profile-apps';
import { kioskProfileWifisHooks } from './hooks/kiosk-profile-wifis';
import { kioskProfilesHooks } from './hooks/kiosk-profiles';
import { kioskWifisHooks } from './hooks/kiosk-wifis';
import { mdmOrganizationsHooks } from './hooks/mdm-organizations';
import { mdmPoliciesHooks } from './hooks/mdm-policies';
import { mdmDevicesHooks } from './hooks/mdm-devices';
import { mdmEnrolmentTokensHooks } from './hooks/mdm-enrolment-tokens';
import { mdmRolesHooks } from './hooks/mdm-roles';
import { mdmAssignmentsHooks } from './hooks/mdm-assignments';
import { groupsHooks } from './hooks/groups';
import { platformModelsHooks } from './hooks/platform-models';
import { platformsHooks } from './hooks/platforms';
import { allUsersHooks, usersHooks } from './hooks/users';

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
  /** The definition the write serves (a project's table: its project, `storage.project`). */
  definition?: ResourceDefinition;
  /**
   * Runs a task once the write is committed (telling devices of a change they will read): never
   * inside the transaction, and a failure of it is logged, not the write's. Absent where a hook
   * is called outside an engine write.
   */
  afterCommit?(task: () => Promise<void>): void;
  /**
   * Values a create answers beside the row, this once (an identity client's secret): never
   * stored, logged or kept in a revision. Set on a create only.
   */
  answerOnce?(values: Row): void;
}

export interface ResourceHooks {
  /**
   * A guard per field: called with the value a create or an edit writes to that field (and the
   * record before, null on a create), after the `before` hooks; it refuses by throwing.
   */
  guards?: Record<string, (value: unknown, before: Row | null, hook: HookContext) => Promise<void>>;
  /**
   * A create's parameter as the definition's fields take it, before they are checked (a
   * specification call that names a client by its identifier only).
   */
  given?(sent: Row): Row;
  /**
   * A create's parameters besides the fields (a project to bind, a chosen key or secret): checked
   * with the fields and given to `beforeCreate`, which writes them or leaves them out.
   */
  createParameters?: z.ZodRawShape;
  beforeCreate?(values: Row, hook: HookContext): Promise<Row | void>;
  afterCreate?(row: Row, hook: HookContext): Promise<void>;
  beforeEdit?(changes: Row, before: Row, hook: HookContext): Promise<Row | void>;
  afterEdit?(after: Row, before: Row, hook: HookContext): Promise<void>;
  beforeDelete?(before: Row, hook: HookContext): Promise<void>;
  afterDelete?(before: Row, hook: HookContext): Promise<void>;
  /**
   * The company whose rows the caller works with, when it is not simply theirs (the environments:
   * none for a FREE user or a company without a subscription). Null: its lists are empty and its
   * other verbs refused; it may refuse by throwing.
   */
  company?(ctx: OperationContext, verb: EngineVerb): number | null;
  /**
   * Of the company's rows, those the caller reaches (an MDM operator's roles): a condition over
   * the table's columns, added to every list, show, edit and delete.
   */
  reach?(ctx: OperationContext): Promise<RawBuilder<SqlBool>>;
  /**
   * The rows a caller reads when they are more than its company's (a certificate another company
   * shared with it; every company's users for the top administrator): a condition over the table
   * `t` given the caller's company, which replaces the company's in the list and the show. Edits
   * and deletes keep the company's rows only.
   */
  seen?(company: number, ctx: OperationContext): RawBuilder<SqlBool>;
  /**
   * The SQL of fields the table has no column for (a count of other rows), over the table `t`:
   * what the list filters and sorts them by, and what a stored row reads them as; a write never
   * sets them as columns (an edit's hook writes them: a certificate's shares). A function
   * takes the definition of the call (a table in each project's schema names its project's
   * tables through it: `siblingTable`, rows.ts).
   */
  sql?: Record<
    string,
    RawBuilder<unknown> | ((definition: ResourceDefinition) => RawBuilder<unknown>)
  >;
  /**
   * The rows as the wire has them, from the stored ones (figures worked out from other tables):
   * every list, show, create and edit answer passes through it.
   */
  present?(rows: Row[], ctx: OperationContext): Promise<Row[]>;
}

/**
 * The hooks of each resource that has some, by resource name. A hook file exports its
 * `ResourceHooks` and adds one line here: `'managed-apps': managedAppsHooks`.
 */
export const ENGINE_HOOKS: Record<string, ResourceHooks> = {
  'kiosk-apps': kioskAppsHooks,
  'kiosk-config': kioskConfigHooks,
  'kiosk-devices': kioskDevicesHooks,
  'kiosk-profile-apps': kioskProfileAppsHooks,
  'kiosk-profile-wifis': kioskProfileWifisHooks,
  'kiosk-profiles': kioskProfilesHooks,
  'kiosk-wifis': kioskWifisHooks,
  'mdm-organizations': mdmOrganizationsHooks,
  'mdm-policies': mdmPoliciesHooks,
  'mdm-devices': mdmDevicesHooks,
  'mdm-enrolment-tokens': mdmEnrolmentTokensHooks,
  'mdm-roles': mdmRolesHooks,
  'mdm-assignments': mdmAssignmentsHooks,
  bots: botsHooks,
  certificates: certificatesHooks,
  environments: environmentsHooks,
  'identity-clients': identityClientsHooks,
  platforms: platformsHooks,
  'platform-models': platformModelsHooks,
  groups: groupsHooks,
  users: usersHooks,
  'all-users': allUsersHooks,
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
