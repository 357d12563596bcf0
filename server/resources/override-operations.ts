import { sql } from 'kysely';
import { z } from 'zod';
import {
  mergeOverrides,
  OVERRIDE_TARGETS,
  type ResourceOverride,
} from '../../protocol/resource-override';
import { logAction } from '../actions-log';
import { BusChannel } from '../bus/bus';
import { busOf } from '../bus/node-bus';
import type { Db } from '../db/database';
import { languageOf } from '../messages';
import { databaseSchema, requireProject } from '../services/projects/access';
import { defineOperation, type OperationContext } from '../services/registry';
import { resourcesFor } from './index';
import { storedOverride, type OverridesChangedEvent, type OverrideScope } from './live-overrides';
import { checkOverride } from '../../protocol/override-check';
import { mayCustomise, resolveScope, scopeParameter, type ScopeRequest } from './override-scope';
import { resourceRefusal } from './texts';

/** The rows of one scope of one resource, every version. */
function scopeRows(db: Db, resource: string, { company, numero }: OverrideScope) {
  return db
    .selectFrom('core.resource_overrides')
    .where('resource', '=', resource)
    .where(
      company === null ? sql<boolean>`company_id IS NULL` : sql<boolean>`company_id = ${company}`,
    )
    .where(numero === null ? sql<boolean>`numero IS NULL` : sql<boolean>`numero = ${numero}`);
}

/** The layers under a scope, the deployment's file first: what the scope's override changes. */
async function layersBelow(ctx: OperationContext, resource: string, scope: OverrideScope) {
  const resources = resourcesFor(ctx.config);
  const file = Object.hasOwn(resources.overrides, resource)
    ? resources.overrides[resource]
    : undefined;
  if (scope.company === null || !resources.live) return mergeOverrides([file]);
  const saved = await resources.live.scopes(resource, scope.company, null);
  return mergeOverrides([file, saved.default, scope.numero === null ? undefined : saved.company]);
}

/**
 * Stores a new version of a scope's override (null removes the layer), announces it to every
 * node and logs it. Versions of a scope are numbered from 1 under a lock of that scope, so two
 * saves at once get two versions and neither is lost.
 */
async function storeVersion(
  ctx: OperationContext,
  request: ScopeRequest,
  override: ResourceOverride | null,
  revertedFrom: number | null,
): Promise<{ version: number }> {
  const { target, scope, announce } = await resolveScope(ctx, request);
  const version = await ctx.db.transaction().execute(async (trx) => {
    const lock = `resource-override:${scope.company ?? 0}:${scope.numero ?? 0}:${target.name}`;
    await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
    const last = await scopeRows(trx, target.name, scope)
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    const next = (last?.version ?? 0) + 1;
    await trx
      .insertInto('core.resource_overrides')
      .values({
        company_id: scope.company,
        numero: scope.numero,
        resource: target.name,
        version: next,
        override: override === null ? null : JSON.stringify(override),
        reverted_from: revertedFrom,
        saved_by: ctx.user.id,
        saved_login: ctx.user.login,
      })
      .execute();
    await logAction(trx, {
      companyId: scope.company ?? ctx.user.companyId,
      userId: ctx.user.id,
      login: ctx.user.login,
      action: 'resource_customised',
      detail: {
        resource: target.name,
        scope: request.scope,
        ...(scope.numero === null ? {} : { project: scope.numero }),
        version: next,
        ...(revertedFrom === null ? {} : { restored: revertedFrom }),
      },
    });
    return next;
  });
  const resources = resourcesFor(ctx.config);
  resources.live?.forget(announce);
  await busOf(ctx.db)
    ?.publish<OverridesChangedEvent>(BusChannel.resourceOverrides, { company: announce })
    .catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'resource override saved; other nodes see it within 30 s'),
    );
  return { version };
}

/**
 * `resourceOverride` {resource, scope, database?}: the override a scope has now (null: none),
 * its version, and what the layers under it leave (`below`), for the editor's preview.
 */
export const resourceOverride = defineOperation({
  name: 'resourceOverride',
  parameter: z.object(scopeParameter),
  permission: 'admin',
  async handler(request, ctx) {
    const { target, scope } = await resolveScope(ctx, request);
    const current = await scopeRows(ctx.db, target.name, scope)
      .select(['version', 'override', 'saved_at', 'saved_login'])
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      resource: target.name,
      version: current?.version ?? null,
      override: storedOverride(current?.override),
      below: await layersBelow(ctx, target.name, scope),
    };
  },
});

/** `resourceOverrideHistory` {resource, scope, database?, start, length}: a scope's versions, newest first. */
export const resourceOverrideHistory = defineOperation({
  name: 'resourceOverrideHistory',
  parameter: z.object({
    ...scopeParameter,
    start: z.number().int().min(0).max(1_000_000).default(0),
    length: z.number().int().min(1).max(100).default(10),
  }),
  permission: 'admin',
  async handler({ start, length, ...request }, ctx) {
    const { target, scope } = await resolveScope(ctx, request);
    const [rows, total] = await Promise.all([
      scopeRows(ctx.db, target.name, scope)
        .select(['version', 'override', 'reverted_from', 'saved_login', 'saved_at'])
        .orderBy('version', 'desc')
        .offset(start)
        .limit(length)
        .execute(),
      scopeRows(ctx.db, target.name, scope)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        version: row.version,
        override: storedOverride(row.override),
        removed: row.override === null,
        revertedFrom: row.reverted_from,
        login: row.saved_login,
        savedAt: row.saved_at,
      })),
      total: Number(total.total),
    };
  },
});

/**
 * `saveResourceOverride` {resource, scope, database?, override}: checks the override (shape,
 * then the fields it names) and stores it as the scope's new version; `override: null` removes
 * the scope's layer. A refused override changes nothing and lists every problem.
 */
export const saveResourceOverride = defineOperation({
  name: 'saveResourceOverride',
  parameter: z.object({ ...scopeParameter, override: z.unknown() }),
  permission: 'admin',
  async handler({ override, ...request }, ctx) {
    const { target } = await resolveScope(ctx, request);
    if (override === null || override === undefined) return storeVersion(ctx, request, null, null);
    const language = languageOf(ctx.user.language);
    const checked = checkOverride(target, override, language);
    if (!checked.override) {
      const lines = checked.issues
        .map((issue) => `• ${issue.path ? `${issue.path}: ` : ''}${issue.text}`)
        .join('\n');
      throw resourceRefusal(ctx.user, 'invalidOverride', {
        resource: target.title[language],
        lines,
      });
    }
    return storeVersion(ctx, request, checked.override, null);
  },
});

/** `revertResourceOverride` {resource, scope, database?, version}: an earlier version, saved again as the newest. */
export const revertResourceOverride = defineOperation({
  name: 'revertResourceOverride',
  parameter: z.object({ ...scopeParameter, version: z.number().int().min(1).max(1_000_000) }),
  permission: 'admin',
  async handler({ version, ...request }, ctx) {
    const { target, scope } = await resolveScope(ctx, request);
    const row = await scopeRows(ctx.db, target.name, scope)
      .select(['override'])
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) {
      const title = target.title[languageOf(ctx.user.language)];
      throw resourceRefusal(ctx.user, 'versionNotFound', { version, resource: title });
    }
    return storeVersion(ctx, request, storedOverride(row.override), version);
  },
});

/**
 * `resourceOverrides` {database?}: the resources the caller may customise, with the version in
 * force of each scope (the project's when `database` is given): the "Recursos" screen's list.
 */
export const resourceOverrides = defineOperation({
  name: 'resourceOverrides',
  parameter: z.object({ database: databaseSchema.optional() }),
  permission: 'admin',
  async handler({ database }, ctx) {
    const company = ctx.user.companyId ?? -1;
    // Only a project the caller reaches has its versions listed.
    if (database !== undefined) await requireProject(ctx, database);
    const rows = await ctx.db
      .selectFrom('core.resource_overrides')
      .select(['company_id', 'numero', 'resource', 'version', 'saved_at', 'saved_login'])
      .distinctOn([sql`coalesce(company_id, 0)`, sql`coalesce(numero, 0)`, 'resource'])
      .where((eb) =>
        eb.or([
          eb.and([eb('company_id', 'is', null), eb('numero', 'is', null)]),
          eb.and([eb('company_id', '=', company), eb('numero', 'is', null)]),
          ...(database === undefined ? [] : [eb('numero', '=', database)]),
        ]),
      )
      .orderBy(sql`coalesce(company_id, 0)`)
      .orderBy(sql`coalesce(numero, 0)`)
      .orderBy('resource')
      .orderBy('version', 'desc')
      .execute();
    const versionOf = (resource: string, scope: 'default' | 'company' | 'project') =>
      rows.find(
        (row) =>
          row.resource === resource &&
          (scope === 'default'
            ? row.company_id === null
            : scope === 'company'
              ? row.company_id === company && row.numero === null
              : row.numero === database),
      ) ?? null;
    return Object.values(OVERRIDE_TARGETS)
      .filter((target) => mayCustomise(ctx, target))
      .map((target) => ({
        resource: target.name,
        scope: target.scope,
        versions: Object.fromEntries(
          (['default', 'company', 'project'] as const).map((scope) => {
            const row = versionOf(target.name, scope);
            return [
              scope,
              row && { version: row.version, login: row.saved_login, savedAt: row.saved_at },
            ];
          }),
        ),
      }));
  },
});

/**
 * `effectiveOverrides` {}: the override in force of every company resource for the caller's
 * company; the console's factory applies them to the declared lists.
 */
export const effectiveOverrides = defineOperation({
  name: 'effectiveOverrides',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const resources = resourcesFor(ctx.config);
    const company = ctx.user.companyId ?? undefined;
    const entries = await Promise.all(
      Object.values(OVERRIDE_TARGETS)
        .filter((target) => target.scope === 'company')
        .map(async (target) => [target.name, await resources.overrideOf(target.name, company)]),
    );
    return Object.fromEntries(entries) as Record<string, ResourceOverride>;
  },
});
