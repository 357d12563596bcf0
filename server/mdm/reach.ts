import { sql, type RawBuilder } from 'kysely';
import type { OperationContext } from '../services/registry';

/** The managed devices (table alias `alias`) the caller reaches: all of the company's, so far. */
export async function reachedDevices(
  _ctx: OperationContext,
  _alias: string,
): Promise<RawBuilder<boolean>> {
  return sql<boolean>`true`;
}
