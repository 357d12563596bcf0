import { rowIdSchema } from '../../db/storable';
import { z } from 'zod';
import { PLATFORMS } from '../../../protocol/devices';

const known = new Set<string>(PLATFORMS);

/** A platform name of 000 §3, in any case; empty, null or 'all' mean every platform. */
export const platformSchema = z
  .string()
  .max(32)
  .nullish()
  .refine(
    (value) => !value || value.toLowerCase() === 'all' || known.has(value.toUpperCase()),
    `unknown platform, expected one of ${PLATFORMS.join(', ')}`,
  )
  .transform((value) => (!value || value.toLowerCase() === 'all' ? null : value.toUpperCase()));

/** A device identifier: letters, digits and `._:-`, as the device protocol accepts them. */
export const midSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'only letters, digits and . _ : -');

/** Several devices at once: at most one page of the largest size. */
export const MAX_DEVICES_AT_ONCE = 5000;
export const midListSchema = z.array(midSchema).min(1).max(MAX_DEVICES_AT_ONCE);

export const deviceIdSchema = rowIdSchema;
