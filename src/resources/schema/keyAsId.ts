import type { GetListResult } from 'react-admin';

/**
 * react-admin identifies records by `id`; schema resources by their key field (`ID`). Used as the
 * list query's `select`, so selection and row keys work without changing the wire rows.
 */
export function keyAsId(key: string) {
  return (result: GetListResult) => ({
    ...result,
    data: result.data.map((row) => ({ ...row, id: (row as Record<string, unknown>)[key] })),
  });
}
