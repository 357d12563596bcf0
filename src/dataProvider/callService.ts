import { HttpError } from 'ra-core';
import type { SessionUserManager } from '../authProvider/userManager';
import { ErrorCode, type ServiceResponse } from '../../protocol/envelope';
import { sessionActionFor } from '../../protocol/session';
import { urlAt } from '../environments/routing';
import { currentTarget, environmentTarget, type ReachableTarget } from '../environments/targets';
import type { EnvironmentRef } from '../environments/types';
import { rememberRefusal } from './surfaces';

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

/** The operations of one given environment's server (`at(environment)`). */
export type CallServiceAt = (environment: EnvironmentRef) => CallService;

/** A multipart POST that reports its upload progress (fetch cannot), answered as a Response. */
export type AuthorizedUpload = (
  url: string,
  form: FormData,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
) => Promise<Response>;

type ServiceClient = CallService & {
  post?: AuthorizedPost;
  upload?: AuthorizedUpload;
  at?: CallServiceAt;
  /** The console's own access token (the live signalling socket offers it: src/custom/live). */
  accessToken?: () => Promise<string | null>;
};

/** The own server's access token of a client made by createServiceClient; null for doubles. */
export async function accessTokenOf(callService: CallService): Promise<string | null> {
  return (await (callService as ServiceClient).accessToken?.()) ?? null;
}

/**
 * The raw POST of a client made by createServiceClient (other endpoints, files); undefined for
 * test doubles that only answer operations.
 */
export function authorizedPostOf(callService: CallService): AuthorizedPost | undefined {
  return (callService as ServiceClient).post;
}

/** The progress-reporting upload of a client made by createServiceClient; undefined for doubles. */
export function authorizedUploadOf(callService: CallService): AuthorizedUpload | undefined {
  return (callService as ServiceClient).upload;
}

/**
 * A client of one given environment (server connect on an external environment lists its
 * projects there); test doubles without one answer through themselves.
 */
export function callServiceAt(callService: CallService, environment?: EnvironmentRef): CallService {
  const at = (callService as ServiceClient).at;
  return environment && at ? at(environment) : callService;
}

export interface ServiceClientOptions {
  /** The console language, sent as Accept-Language so that server messages match it. */
  getLocale?: () => string;
  fetch?: typeof fetch;
  /** Where an operation goes; by default the current environment's rule (src/environments). */
  route?: (operation: string) => Promise<ReachableTarget>;
  /** Where the calls to a given environment go; by default its server with its token. */
  targetOf?: (environment: EnvironmentRef) => Promise<ReachableTarget>;
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

/** Refusals that the console's own session rules act on (000 §8: 401, 403, 419, 440). */
const isSessionRefusal = (error: HttpError) =>
  sessionActionFor(error.status, error.message) !== 'none';

/**
 * An answer of another environment's server. Its session refusals are about the console's
 * sign-in to that server, not about the console's own session: they become a 502 carrying the
 * description, so that the auth provider neither renews nor signs out the console for them.
 */
async function resultAt<R>(target: ReachableTarget, response: Response): Promise<R> {
  try {
    return await resultOf<R>(response);
  } catch (error) {
    if (target.kind === 'own' || !(error instanceof HttpError) || !isSessionRefusal(error)) {
      throw error;
    }
    throw new HttpError(error.message || 'environments.errors.refused', 502, error.body);
  }
}

const operationOf = (body: unknown) =>
  String((body as { operation?: unknown } | null)?.operation ?? '');

/**
 * The wire client of `POST /api/services`: bearer token from the user manager, and any answer
 * whose `error.code` is not '0' rejected as an HttpError carrying `error.description`. Each
 * operation goes where the current environment's routing rule says (src/environments/routing.ts);
 * `at(environment)` calls one given environment.
 * @example const session = await callService<SessionResponse>('session');
 */
export function createServiceClient(
  userManager: Pick<SessionUserManager, 'getUser'>,
  options: ServiceClientOptions = {},
): CallService {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const route = options.route ?? currentTarget;
  const targetOf = options.targetOf ?? environmentTarget;

  const tokenOf = async (target: ReachableTarget) =>
    target.kind === 'own' ? (await userManager.getUser())?.access_token : target.token;

  async function send(target: ReachableTarget, path: string, body: unknown, signal?: AbortSignal) {
    const token = await tokenOf(target);
    // A form (a file upload) goes as multipart, its boundary set by fetch; the rest as JSON.
    const form = body instanceof FormData;
    const headers: Record<string, string> = form
      ? { Accept: 'application/json' }
      : { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.getLocale) headers['Accept-Language'] = options.getLocale();
    return doFetch(urlAt(target, path), {
      method: 'POST',
      headers,
      body: form ? body : JSON.stringify(body),
      signal,
    });
  }

  const call = async <R>(
    target: ReachableTarget,
    operation: string,
    parameter: unknown,
    signal?: AbortSignal,
  ) => {
    const response = await send(target, SERVICES_URL, { operation, parameter }, signal);
    try {
      return await resultAt<R>(target, response);
    } catch (error) {
      // "-1" and "-2" open a dialog where the screen notifies them (src/dataProvider/surfaces.ts).
      const envelope = error instanceof HttpError ? (error.body as ServiceResponse | null) : null;
      rememberRefusal(operation, envelope?.error?.code, (error as Error).message);
      throw error;
    }
  };

  const post: AuthorizedPost = async (url, body, signal) =>
    send(await route(operationOf(body)), url, body, signal);
  const callService: CallService = async function callService<R>(
    operation: string,
    parameter: unknown = {},
    signal?: AbortSignal,
  ) {
    return call<R>(await route(operation), operation, parameter, signal);
  };
  const at: CallServiceAt = (environment) =>
    async function callEnvironment<R>(
      operation: string,
      parameter: unknown = {},
      signal?: AbortSignal,
    ) {
      return call<R>(await targetOf(environment), operation, parameter, signal);
    };
  // XMLHttpRequest, not fetch: only it tells how much of a request body has been sent.
  const upload: AuthorizedUpload = async (url, form, onProgress, signal) => {
    const target = await route('');
    const token = await tokenOf(target);
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', urlAt(target, url));
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (options.getLocale) xhr.setRequestHeader('Accept-Language', options.getLocale());
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
      xhr.onload = () =>
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    });
  };
  const accessToken = async () => (await userManager.getUser())?.access_token ?? null;
  return Object.assign(callService, { post, upload, at, accessToken });
}
