import { z } from 'zod';

/** The largest page a list answers; 'all' in the console means pages of this size. */
export const MAX_PAGE_LENGTH = 5000;

/** Server-side paging and sorting of a list (the specification's `datatable` parameter). */
export const datatableSchema = z.object({
  start: z.number().int().min(0).max(1_000_000_000).default(0),
  length: z.number().int().min(1).max(MAX_PAGE_LENGTH).default(100),
  orderBy: z.string().max(64).optional(),
  orderDir: z.enum(['asc', 'desc']).default('asc'),
});

export type Datatable = z.infer<typeof datatableSchema>;

export interface Page<T> {
  data: T[];
  total: number;
}
