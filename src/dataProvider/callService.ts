import { HttpError } from 'ra-core';
import type { UserManager } from 'oidc-client-ts';
import { ErrorCode, type ServiceResponse } from '../../protocol/envelope';

export const SERVICES_URL = '/api/services';

export type CallService = <R>(
  operation: string,
  parameter?: unknown,
  signal?: AbortSignal,
) => Promise<R>;

export interface ServiceClientOptions {
  /** The console language, sent as Accept-Language so that server messages match it. */
  getLocale?: () => string;
  fetch?: typeof fetch;
}

/** An envelope code that mirrors an HTTP status ('401', '403') becomes that status. */
function statusOf(response: Response, code: string | undefined): number {
  if (!response.ok) return response.status;
  return code && /^[1-5]\d\d$/.test(code) ? Number(code) : response.status;
}

async function readEnvelope(response: Response): Promise<ServiceResponse | null> {
  try {
    return (await response.json()) as ServiceResponse;
  } catch {
    return null;
  }
}

/**
 * The wire client of `POST /api/services`: bearer token from the user manager, and any answer
 * whose `error.code` is not '0' rejected as an HttpError carrying `error.description`.
 * @example const session = await callService<SessionResponse>('session');
 */
export function createServiceClient(
  userManager: UserManager,
  options: ServiceClientOptions = {},
): CallService {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return async function callService<R>(
    operation: string,
    parameter: unknown = {},
    signal?: AbortSignal,
  ) {
    const user = await userManager.getUser();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (user?.access_token) headers.Authorization = `Bearer ${user.access_token}`;
    if (options.getLocale) headers['Accept-Language'] = options.getLocale();
    const response = await doFetch(SERVICES_URL, {
      method: 'POST',
      headers,
      body: JSON.stringify({ operation, parameter }),
      signal,
    });
    const envelope = await readEnvelope(response);
    const code = envelope?.error?.code;
    if (!response.ok || code !== ErrorCode.ok) {
      const description =
        envelope?.error?.description || response.statusText || `HTTP ${response.status}`;
      throw new HttpError(description, statusOf(response, code), envelope);
    }
    return envelope!.result as R;
  };
}
