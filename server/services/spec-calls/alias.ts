import { z } from 'zod';
import type { Operation } from '../registry';

/**
 * Another name for an operation that does the same (001 §7 `deviceUpdate` is our `saveDevice`):
 * the caller's parameter is first read by `given` and reshaped by `reshape`, then validated by
 * the target's own schema, so its refusals, permission, menu gate and answer are the target's.
 * @example aliasOf('deviceUpdate', saveDevice, z.looseObject({}), ({ filter, ...rest }) => ({ ...rest, device: filter }))
 */
export function aliasOf<G extends z.ZodType>(
  name: string,
  target: Operation,
  given: G,
  reshape: (parameter: z.infer<G>) => unknown,
): Operation {
  return {
    name,
    aliasOf: target.name,
    parameter: given.transform(reshape).pipe(target.parameter),
    permission: target.permission,
    handler: target.handler,
  };
}
