import type { ResourceDefinition, VerbCall } from '../../protocol/resource-definition';

type Values = Record<string, unknown>;
export type ServiceCall = Extract<VerbCall, { operation: string }>;

/**
 * The parameters of a declared resource's calls from what a REST client sends: the same shapes
 * as the console's data provider builds (src/dataProvider/definitionParameters.ts).
 */

/** The fields a form may write: declared for that form, never computed or read-only. */
export function writable(definition: ResourceDefinition, mode: 'create' | 'edit', body: Values) {
  const sources = definition.fields
    .filter((f) => !f.computed && !f.readOnly && (mode === 'create' ? f.create : f.edit))
    .map((f) => f.source);
  return Object.fromEntries(Object.entries(body).filter(([key]) => sources.includes(key)));
}

/** The record renamed as the call names its fields, spread or under the call's `record`. */
export function placed(call: ServiceCall, record: Values): Values {
  const rename = call.rename ?? {};
  const fields = Object.fromEntries(Object.entries(record).map(([k, v]) => [rename[k] ?? k, v]));
  return call.record ? { [call.record]: fields } : fields;
}

/** A row as react-admin keys it: `id` is the definition's key. */
export function withId(definition: ResourceDefinition, row: unknown, fallbackId?: unknown) {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    return { id: fallbackId };
  }
  const record = row as Values;
  return { ...record, id: record[definition.key] ?? record.id ?? fallbackId };
}

/** A key from the path: a number when it is one, as the operations' ids are. */
export function keyOf(text: string): string | number {
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}
