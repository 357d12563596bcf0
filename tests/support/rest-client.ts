import { fetchUtils, type DataProvider, type HttpError } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { TestApp } from './app';

/**
 * ra-data-simple-rest on `/api/rest` of a listening test app, as another program drives it,
 * signed in as `login` and asking for answers in `language`.
 */
export async function restProviderFor(
  t: TestApp,
  base: string,
  login: string,
  language = 'es',
): Promise<DataProvider> {
  const token = await t.tokenFor(login);
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers);
    headers.set('Accept-Language', language);
    return fetchUtils.fetchJson(url, {
      ...options,
      headers,
      user: { authenticated: true, token: `Bearer ${token}` },
    });
  };
  return simpleRestProvider(`${base}/api/rest`, httpClient);
}

/** The error a call was refused with; a call that succeeds fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('it was not refused');
}

/** One call of the REST API (docs/rest.md) through `app.inject`, with a bearer token. */
export function restCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  body?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body && { payload: body }),
  });
}

/** What `restCall` takes after the app. */
export type RestCall = Parameters<typeof restCall> extends [TestApp, ...infer Rest] ? Rest : never;
