/** The wire shapes of `POST /api/services` (specification 000 §7). */
export interface ServiceRequest<P = unknown> {
  operation: string;
  parameter?: P;
}

export interface ServiceError {
  code: string;
  description: string;
}

export interface ServiceResponse<R = unknown> {
  error: ServiceError;
  result: R | null;
  /** A paged answer's count of rows, beside `result` as 001 §7 names it. */
  recordsTotal?: number;
}

/**
 * Error codes. '0' is success and '-1' a request the server refuses (specification 002 §8);
 * the others mirror the HTTP status the server answers with.
 */
export const ErrorCode = {
  ok: '0',
  invalid: '-1',
  warning: '-2',
  unauthenticated: '401',
  forbidden: '403',
  tooLarge: '413',
  internal: '500',
} as const;

export function okResponse<R>(result: R): ServiceResponse<R> {
  return { error: { code: ErrorCode.ok, description: '' }, result };
}

/**
 * A services answer in the specification's shape: a paged result (`{data, total}`, ours) also
 * says `recordsTotal`, in the result and beside it (001 §7), so that a client written from the
 * specification reads the count where it looks for it; a grid that already says it (`tablesData`)
 * has it repeated beside the result.
 */
export function servicesResponse<R>(result: R): ServiceResponse<R> {
  const total = pageTotal(result);
  if (total === null) return okResponse(result);
  const counted = { recordsTotal: total, ...(result as object) } as R;
  return { ...okResponse(counted), recordsTotal: total };
}

/** The count of rows of a paged result, or null for any other result. */
function pageTotal(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const page = value as Record<string, unknown>;
  const count = (n: unknown) => (typeof n === 'number' || typeof n === 'string' ? Number(n) : NaN);
  if (Number.isFinite(count(page.recordsTotal))) return count(page.recordsTotal);
  if (Array.isArray(page.data) && Number.isFinite(count(page.total))) return count(page.total);
  return null;
}

export function errorResponse(code: string, description: string): ServiceResponse<never> {
  return { error: { code, description }, result: null };
}
