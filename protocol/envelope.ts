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

export function errorResponse(code: string, description: string): ServiceResponse<never> {
  return { error: { code, description }, result: null };
}
