import { sql } from 'kysely';
import { z } from 'zod';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { USERS, USER_RENAME } from '../../../protocol/resources/users';
import type { Db } from '../../db/database';
import { effectiveDefinition } from '../../engine/effective';
import { fieldSql } from '../../engine/rows';
import { checkCustomUnique, parsed } from '../../engine/write';
import type { OperationContext } from '../registry';

/**
 * The users as the caller's company has them (issue 34, points 7 and 9): the declared fields, the
 * company's custom fields and the "Recursos" overrides, held by the hand-written operations as the
 * engine holds them for the resources it stores. Custom values live in `core.users.custom`.
 */

/** The raw call beside the parsed one: the custom fields are checked against the effective definition. */
export const RAW = 'raw';
export const rawParameter = { [RAW]: z.record(z.string(), z.unknown()).optional() };

/** Keeps a copy of the call under `raw` (the static parameter drops keys it does not know). */
export function keepRaw(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  return { ...(input as Record<string, unknown>), [RAW]: input };
}

export function usersDefinition(ctx: OperationContext): Promise<ResourceDefinition> {
  return effectiveDefinition(USERS, ctx);
}

/**
 * A create's or an edit's values checked against the effective definition (a field an override
 * made required or shorter, hidden from the form, read-only; the custom fields with their rules),
 * refused with the field's label; by the call's names (`username`, `role`, …).
 */
export function checkedUser(
  definition: ResourceDefinition,
  mode: 'create' | 'edit',
  raw: Record<string, unknown> | undefined,
  ctx: OperationContext,
  name: string,
): Record<string, unknown> {
  return parsed(definition, mode, raw ?? {}, ctx, name, undefined, USER_RENAME);
}

/** The custom fields' values among checked ones, by name, as `core.users.custom` keeps them. */
export function customValues(definition: ResourceDefinition, values: Record<string, unknown>) {
  return Object.fromEntries(
    definition.fields
      .filter((f) => f.custom && values[f.source] !== undefined)
      .map((f) => [f.source, values[f.source]]),
  );
}

/** A unique custom field's value taken by another user of the company: refused by its label. */
export function checkUniqueCustom(
  definition: ResourceDefinition,
  ctx: OperationContext,
  trx: Db,
  custom: Record<string, unknown>,
  companyId: number,
  id: number | null,
) {
  return checkCustomUnique(definition, ctx, trx, custom, id, {
    table: 'core.users',
    scope: { company_id: companyId },
  });
}

/** `custom || {…}`: an edit keeps the custom values it does not change. */
export const mergedCustom = (custom: Record<string, unknown>) =>
  sql<string>`custom || ${JSON.stringify(custom)}::jsonb`;

/** The SQL of each custom field over the list's row `t`, for its filters and sort. */
export function customColumns(definition: ResourceDefinition) {
  return Object.fromEntries(
    definition.fields
      .filter((f) => f.custom)
      .map((f) => [f.source, fieldSql(definition, f.source)]),
  );
}

/** A listed user's custom values as fields of the row, those the definition shows. */
export function withCustomValues<R extends { custom?: unknown }>(
  definition: ResourceDefinition,
  row: R,
): Omit<R, 'custom'> & Record<string, unknown> {
  const { custom, ...rest } = row;
  const stored = (custom ?? {}) as Record<string, unknown>;
  const shown = definition.fields
    .filter((f) => f.custom)
    .map((f) => [f.source, stored[f.source] ?? null]);
  return { ...rest, ...Object.fromEntries(shown) };
}
