import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import type { Datatable } from '../../../protocol/paging';
import { midSchema } from '../devices/fields';
import { databaseSchema } from '../projects/access';
import type { OperationContext } from '../registry';
import { remoteRefusal } from './texts';

/**
 * The parameter of a device's list operation (command history, error logs, help-desk files,
 * provision tasks) in
 * both its shapes: the older `{database, mid, datatable}` its first callers send, and a declared
 * resource's list call `{database, datatable, filter: {mid, ...}}` (protocol/resources), whose
 * `filter.mid` is the device dialog's fixed filter.
 * @example deviceListParameter(pageSchema, { STATE: z.string().max(20).optional() })
 */
export function deviceListParameter<
  D extends z.ZodType<Datatable | undefined>,
  F extends z.ZodRawShape,
>(datatable: D, filter: F) {
  return z.object({
    database: databaseSchema,
    mid: midSchema.optional(),
    datatable,
    filter: z.object({ mid: midSchema.optional(), ...filter }).optional(),
  });
}

/** A search box's text (`filter.q`). */
export const searchSchema = z.string().max(200).optional();

interface DeviceListCall {
  mid?: string;
  filter?: { mid?: string };
}

/**
 * The device a list call names (`filter.mid`, else `mid`), or null for every device of the
 * project: only a declared list's call (one with `filter`) may leave it out.
 */
export function listedMid(parameter: DeviceListCall, ctx: Pick<OperationContext, 'user'>) {
  const mid = parameter.filter?.mid ?? parameter.mid ?? null;
  if (mid === null && !parameter.filter) throw remoteRefusal(ctx.user, 'listDeviceRequired');
  return mid;
}

/** A search box's text as a case-insensitive LIKE pattern matching it anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text.trim())}%`;
