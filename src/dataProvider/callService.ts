import { HttpError } from 'ra-core';
import type { UserManager } from 'oidc-client-ts';
import { ErrorCode, type ServiceResponse } from '../../protocol/envelope';

export const SERVICES_URL = '/api/services';

/** A POST with the bearer token and language, answered raw (files, other endpoints). */
export type AuthorizedPost = (
  url: string,
  body: unknown,
  signal?: AbortSignal,
) => Promise<Response>;

export type CallService = <R>(
  operation: string,
  parameter?: unknown,
  signal?: AbortSignal,
) => Promise<R>;

/**
 * The raw POST of a client made by createServiceClient (other endpoints, files); undefined for
 * test doubles that only answer operations.
 */
export function authorizedPostOf(callService: CallService): AuthorizedPost | undefined {
  return (callService as CallService & { post?: AuthorizedPost }).post;
}

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

/** An envelope answer's `result`, or an HttpError carrying `error.description`. */
export async function resultOf<R>(response: Response): Promise<R> {
  const envelope = await readEnvelope(response);
  const code = envelope?.error?.code;
  if (!response.ok || code !== ErrorCode.ok) {
    const description =
      envelope?.error?.description || response.statusText || `HTTP ${response.status}`;
    throw new HttpError(description, statusOf(response, code), envelope);
  }
  return envelope!.result as R;
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
  const post: AuthorizedPost = async (url, body, signal) => {
    const user = await userManager.getUser();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    if (user?.access_token) headers.Authorization = `Bearer ${user.access_token}`;
    if (options.getLocale) headers['Accept-Language'] = options.getLocale();
    return doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  };
  const callService: CallService = async function callService<R>(
    operation: string,
    parameter: unknown = {},
    signal?: AbortSignal,
  ) {
    return resultOf<R>(await post(SERVICES_URL, { operation, parameter }, signal));
  };
  return Object.assign(callService, { post });
}
