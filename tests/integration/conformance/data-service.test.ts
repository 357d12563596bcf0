import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/app';
import { demoProject, type TestProject } from '../../support/devices';

/**
 * Conformance (issue 38): the data service of 002 §7 in the specification's shape. Every answer
 * has exactly `err` and `data`; `data` is a JSON text; a refusal sets `err` with `data` null and
 * HTTP 200, so that a caller written from 002 §8 resolves null rather than rejecting.
 */
let t: TestApp;
let admin: string;
let demo: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  demo = await demoProject(t.database.db);
});

afterAll(() => t.close());

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const answer = response.json();
  expect(Object.keys(answer).sort()).toEqual(['data', 'err']);
  return { status: response.statusCode, ...answer } as {
    status: number;
    err: string | null;
    data: string | null;
  };
}

describe('002 §7 Data service', () => {
  const list = { operation: 'list', parameter: { dbid: 0, resource: 'platforms' } };

  it('POST api/Global/DataService: no authorisation; err and data', async () => {
    const answer = await call('POST', '/api/Global/DataService', {
      ...list,
      parameter: { ...list.parameter, dbid: demo.numero },
    });
    // Nothing is public by default: refused as err, resolved (HTTP 200) with data null.
    expect(answer.status).toBe(200);
    expect(answer.err).toEqual(expect.any(String));
    expect(answer.data).toBeNull();
  });

  it('POST api/Global/DataServiceAuth: bearer; data is a JSON string', async () => {
    const answer = await call(
      'POST',
      '/api/Global/DataServiceAuth',
      { ...list, parameter: { ...list.parameter, dbid: demo.numero } },
      admin,
    );
    expect(answer).toMatchObject({ status: 200, err: null, data: expect.any(String) });
    expect(JSON.parse(answer.data!)).toMatchObject({
      data: expect.any(Array),
      total: expect.any(Number),
    });
  });

  it('GET api/Global/GetAccessToken: takes the id token; err and data', async () => {
    const answer = await call('GET', '/api/Global/GetAccessToken?id_token=not-a-token');
    expect(answer.err).toEqual(expect.any(String));
    expect(answer.data).toBeNull();
  });

  it('§8: a refusal sets err and data null, never a stack', async () => {
    const answer = await call('POST', '/api/Global/DataService', { operation: 'list' });
    expect(answer).toMatchObject({ status: 200, data: null });
    expect(answer.err).not.toMatch(/\n\s+at /);
  });
});
