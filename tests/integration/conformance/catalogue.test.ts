import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/app';
import { demoProject, insertDevices } from '../../support/devices';
import { demoCompany, userIdOf } from '../../support/projects';
import { CATALOGUE, type Caller, type Ctx, type HttpCall, type SpecCall } from './catalogue';

/**
 * Conformance (issue 38): every call of the catalogue (catalogue.ts: each operation and endpoint
 * the three documents name), called with the documents' shape as its caller. Each answer is the
 * envelope {error: {code, description}, result} (the data service's {err, data}); code '0' with
 * the field names given; recordsTotal beside and in a page; the refusal texts the documents name.
 */
let t: TestApp;
let c: Ctx;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const login of ['admin', 'superadmin', 'usuario'] as const)
    tokens[login] = await t.tokenFor(login);
  const { db } = t.database;
  const demo = await demoProject(db);
  await insertDevices(db, demo.schema, 3);
  await sql`UPDATE ${sql.id(demo.schema, 'devices')}
    SET "EMAIL" = 'dev1@example.com', "PIN" = '1234', "PIN2" = '5678' WHERE "MID" = 'DEV-1'`.execute(
    db,
  );
  await sql`CREATE TABLE ${sql.id(demo.schema, 'gen_clientes')} (id int PRIMARY KEY, nombre text)`.execute(
    db,
  );
  const project = await db
    .selectFrom('core.projects')
    .select('pid')
    .where('numero', '=', demo.numero)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ ID: number }>`
    SELECT "ID" FROM ${sql.id(demo.schema, 'devices')} WHERE "MID" = 'DEV-1'`.execute(db);
  const companyId = await demoCompany(db);
  const environments = (await t.call('environmentsByCompany', {}, tokens.admin)).body.result;
  c = {
    db: demo.numero,
    pid: project.pid,
    companyId,
    mid: 'DEV-1',
    deviceId: rows[0].ID,
    userId: await userIdOf(db, 'usuario'),
    envId: environments.data.find((e: { system: boolean }) => e.system).id,
    unique: Date.now().toString(36),
    publicUrl: t.config.PUBLIC_URL,
  };
});

afterAll(() => t.close());

const UNKNOWN = /Operación desconocida|La operación «.*» no existe/;

async function send(call: SpecCall, parameter?: unknown, as?: Caller, url?: string) {
  const caller = as ?? call.as ?? 'admin';
  const token = caller === 'none' ? undefined : tokens[caller];
  if (call.kind === 'service') {
    const answer = await t.call(call.operation, parameter, token);
    return { ...answer, location: '' };
  }
  const response = await t.app.inject({
    method: call.method,
    url: url ?? (typeof call.url === 'string' ? call.url : call.url(c)),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(parameter === undefined ? {} : { payload: parameter as object }),
  });
  let body: any = null;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  return { status: response.statusCode, body, location: String(response.headers.location ?? '') };
}

type Answer = Awaited<ReturnType<typeof send>>;

/** The first row of a page or list, else the result itself. */
function firstRecord(result: any): Record<string, unknown> | undefined {
  if (Array.isArray(result)) return result[0];
  if (result && Array.isArray(result.data)) return result.data[0];
  return result;
}

function parameterOf(call: SpecCall): unknown {
  return call.kind === 'service' ? call.parameter(c) : call.body?.(c);
}

function checkEnvelope(call: SpecCall, { status, body, location }: Answer) {
  const label = `${call.name} (${call.spec}): ${status} ${JSON.stringify(body)?.slice(0, 300)}`;
  const http = call.kind === 'http' ? (call as HttpCall) : undefined;
  if (http?.shape === 'redirect') {
    // The identity provider's interaction: a redirect, not an error back to the caller.
    expect(status, label).toBe(303);
    expect(location, label).toMatch(/\/interaction\//);
    return;
  }
  if (http?.shape === 'json') {
    expect(status, label).toBe(200);
    return;
  }
  if (http?.shape === 'err-data') {
    expect(Object.keys(body ?? {}).sort(), label).toEqual(['data', 'err']);
    if (http.status) expect(status, label).toBe(http.status);
    else if ((call.expect ?? 'ok') === 'ok') expect(body.err, label).toBeNull();
    return;
  }
  expect(body?.error, label).toMatchObject({
    code: expect.any(String),
    description: expect.any(String),
  });
  expect('result' in body, label).toBe(true);
  expect(body.error.description, label).not.toMatch(UNKNOWN);
  expect(JSON.stringify(body), label).not.toMatch(/at .*\.ts:\d+/);
  if (http?.status) {
    expect(status, label).toBe(http.status);
    return;
  }
  if ((call.expect ?? 'ok') === 'served') {
    expect([200, 400, 404], label).toContain(status);
    return;
  }
  expect(status, label).toBe(200);
  expect(body.error.code, label).toBe('0');
}

describe('the catalogue of the specification’s calls', () => {
  it('names each call once (name and document)', () => {
    const keys = CATALOGUE.map((call) => `${call.name} @ ${call.spec}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(CATALOGUE.map((call) => [`${call.name} (${call.spec})`, call] as const))(
    '%s',
    async (_, call) => {
      const answer = await send(call, parameterOf(call));
      checkEnvelope(call, answer);
      const { body } = answer;
      if ((call.expect ?? 'ok') === 'ok' && body?.error?.code === '0') {
        if (call.paged) {
          const total = body.result.total ?? body.result.recordsTotal;
          expect(total, `${call.name}: a page says its total`).toEqual(expect.any(Number));
          expect(body.recordsTotal, call.name).toBe(total);
          expect(body.result.recordsTotal, call.name).toBe(total);
        }
        if (call.fields) {
          const record = firstRecord(body.result);
          expect(record, `${call.name} answered no record`).toBeTruthy();
          for (const field of call.fields)
            expect(record!, `${call.name}.${field}`).toHaveProperty(field);
        }
      } else if (call.fields && http(call)?.shape === 'json') {
        for (const field of call.fields)
          expect(body, `${call.name}.${field}`).toHaveProperty(field);
      }
      for (const refusal of [call.refusal ?? []].flat()) {
        const answer = await send(call, refusal.parameter(c), refusal.as, refusal.url);
        const label = `${call.name} refusal: ${JSON.stringify(answer.body)?.slice(0, 300)}`;
        if (refusal.status) expect(answer.status, label).toBe(refusal.status);
        expect(answer.body.error.code, label).toBe(refusal.code ?? '-1');
        if (typeof refusal.text === 'string')
          expect(answer.body.error.description, label).toBe(refusal.text);
        else expect(answer.body.error.description, label).toMatch(refusal.text);
      }
    },
  );

  it('an unknown operation and a bad parameter are the envelope, never a stack', async () => {
    const unknown = await t.call('noExiste', {}, tokens.admin);
    expect(unknown.body.error).toEqual({
      code: '-1',
      description: 'Operación desconocida: noExiste.',
    });
    const bad = await t.call('deviceForEdit', { database: 'x' }, tokens.admin);
    expect(bad.body.error.code).toBe('-1');
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('without a token every services operation is 401 with code 401', async () => {
    const { status, body } = await t.call('devicesWithPages', { database: c.db });
    expect(status).toBe(401);
    expect(body.error.code).toBe('401');
  });
});

function http(call: SpecCall): HttpCall | undefined {
  return call.kind === 'http' ? call : undefined;
}
