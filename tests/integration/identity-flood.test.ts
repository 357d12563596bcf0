import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { KNOWN_COOKIE } from '../../server/identity/known-browsers';
import { hashPassword } from '../../server/identity/passwords';
import { buildTestApp, type TestApp } from '../support/app';
import { alertOf, browser, startSignIn, type BrowserOptions } from '../support/signin';

// A flood of sign-in attempts against one account from many addresses (docs/decisions.md, "The
// owner gets in during a flood"): the account's limit and lock-out bound the guessing, yet the
// owner still gets in from a browser she has signed in from, and nobody is kept out for longer
// than the 15-minute window once the flood stops.

const PUBLIC_URL = 'https://flota.example';
const WRONG =
  'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.';
const TOO_MANY =
  'Demasiados intentos de inicio de sesión. Espere unos minutos e inténtelo de nuevo.';
const WINDOW_MS = 15 * 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL,
    LOGIN_MAX_FAILURES: '3',
    LOGIN_RATE_PER_ACCOUNT: '8',
    LOGIN_RATE_PER_ADDRESS: '6',
  });
  const company = await t.database.db
    .insertInto('core.companies')
    .values({ name: 'Riadas SA', tier: 'FLOTA_FREE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const password_hash = await hashPassword('s3creta');
  const user = (login: string, twofactor: boolean) => ({
    company_id: company.id,
    login,
    email: `${login}@example.com`,
    password_hash,
    role: 'ADMIN',
    rights: 'ADMINISTRADOR',
    twofactor,
  });
  await t.database.db
    .insertInto('core.users')
    .values([user('marta', false), user('nuria', true)])
    .execute();
}, 120_000);
afterAll(() => t?.close());

const open = (options: BrowserOptions) => browser(t.app, t.config, options);

/** One password attempt from a new browser. */
async function attempt(options: BrowserOptions, login: string, password: string) {
  const go = open(options);
  const { interaction } = await startSignIn(go, t.config);
  const response = await go('POST', `${interaction}/login`, { login, password });
  return { go, interaction, response };
}

/** Signed in: the answer sends the browser back to the provider to finish (not to the code). */
const finished = (response: { statusCode: number; headers: Record<string, unknown> }) =>
  response.statusCode === 303 &&
  /^https:\/\/flota\.example\/oidc\/auth\//.test(String(response.headers.location));

function knownCookieOf(response: { cookies: unknown }) {
  const cookie = (response.cookies as { name: string; value: string; path?: string }[]).find(
    (c) => c.name === KNOWN_COOKIE,
  );
  expect(cookie?.path).toBe('/oidc/interaction');
  return cookie!.value;
}

async function lockedUntil(login: string) {
  const row = await t.database.db
    .selectFrom('core.users')
    .select('locked_until')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return row.locked_until;
}

async function lastCode(login: string) {
  const mails = await t.database.db
    .selectFrom('core.outbox')
    .select('body')
    .where('to_address', '=', `${login}@example.com`)
    .where('subject', '=', 'Código de acceso a Flota')
    .orderBy('id', 'desc')
    .execute();
  return /\b(\d{6})\b/.exec(mails[0].body)![1];
}

/** Wrong passwords for `login`, each from an address of its own. */
async function flood(login: string, count: number, network: string) {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i++) {
    const { response } = await attempt({ remoteAddress: `${network}.${i}` }, login, 'adivina');
    statuses.push(response.statusCode);
  }
  return statuses;
}

/** What 15 minutes do: the window of every limit, and the lock, end. */
async function windowPasses() {
  await sql`UPDATE core.signin_limits SET window_started = now() - interval '15 minutes 1 second'`.execute(
    t.database.db,
  );
  await t.database.db
    .updateTable('core.users')
    .set({ locked_until: new Date(Date.now() - 1000) })
    .where('locked_until', 'is not', null)
    .execute();
}

describe('a flood of wrong passwords against one account from many addresses', () => {
  it('cannot keep the owner out of a browser she has signed in from', async () => {
    const home = await attempt({ remoteAddress: '198.51.100.20' }, 'marta', 's3creta');
    expect(finished(home.response)).toBe(true);
    const known = knownCookieOf(home.response);

    const statuses = await flood('marta', 20, '203.0.113');
    // Eight guesses get an answer (the first three lock the account), then 429 for the rest.
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(12).fill(429)]);
    const lock = await lockedUntil('marta');
    expect(lock).not.toBeNull();
    expect(lock!.getTime()).toBeLessThanOrEqual(Date.now() + WINDOW_MS);

    // A new browser with the right password: the account's limit holds.
    const stranger = await attempt({ remoteAddress: '192.0.2.77' }, 'marta', 's3creta');
    expect(stranger.response.statusCode).toBe(429);
    expect(alertOf(stranger.response.body)).toBe(TOO_MANY);
    // A cookie that is not signed by this server is no known browser.
    const forged = await attempt(
      { remoteAddress: '192.0.2.78', cookies: { [KNOWN_COOKIE]: `${known.slice(0, -2)}AA` } },
      'marta',
      's3creta',
    );
    expect(forged.response.statusCode).toBe(429);

    // Her own browser, with the right password: in, the lock and the flood notwithstanding.
    const back = await attempt(
      { remoteAddress: '198.51.100.20', cookies: { [KNOWN_COOKIE]: known } },
      'marta',
      's3creta',
    );
    expect(finished(back.response)).toBe(true);
    // Her sign-in ended the lock; the flood's account limit still holds for strangers.
    expect(await lockedUntil('marta')).toBeNull();
    const again = await attempt({ remoteAddress: '192.0.2.79' }, 'marta', 's3creta');
    expect(again.response.statusCode).toBe(429);
  });

  it('lets a two-factor owner in from her browser, code included', async () => {
    const home = await attempt({ remoteAddress: '198.51.100.30' }, 'nuria', 's3creta');
    expect(home.response.statusCode).toBe(303);
    const code = await home.go('POST', `${home.interaction}/code`, {
      code: await lastCode('nuria'),
    });
    expect(finished(code)).toBe(true);
    const known = knownCookieOf(code);

    await flood('nuria', 12, '203.0.114');
    expect(await lockedUntil('nuria')).not.toBeNull();

    const back = await attempt(
      { remoteAddress: '198.51.100.30', cookies: { [KNOWN_COOKIE]: known } },
      'nuria',
      's3creta',
    );
    expect(back.response.statusCode).toBe(303);
    const wrong = await back.go('POST', `${back.interaction}/code`, { code: '000000' });
    expect(alertOf(wrong.body)).toBe('El código no es correcto o ha caducado.');
    const right = await back.go('POST', `${back.interaction}/code`, {
      code: await lastCode('nuria'),
    });
    expect(finished(right)).toBe(true);
  });

  it('does not lengthen the lock while it lasts, and ends with the window', async () => {
    await windowPasses();
    await flood('marta', 3, '203.0.115');
    const lock = await lockedUntil('marta');
    expect(lock).not.toBeNull();
    // Further wrong passwords while locked (within the account limit) leave the lock as it was,
    // and the right password from a stranger's browser gets the common answer.
    await flood('marta', 4, '203.0.116');
    expect(await lockedUntil('marta')).toEqual(lock);
    const locked = await attempt({ remoteAddress: '192.0.2.80' }, 'marta', 's3creta');
    expect(locked.response.statusCode).toBe(200);
    expect(alertOf(locked.response.body)).toBe(WRONG);
    expect(await lockedUntil('marta')).toEqual(lock);
    const limited = await attempt({ remoteAddress: '192.0.2.82' }, 'marta', 's3creta');
    expect(limited.response.statusCode).toBe(429);

    // Once the window has passed, a browser she never used gets in with the right password.
    await windowPasses();
    const after = await attempt({ remoteAddress: '192.0.2.81' }, 'marta', 's3creta');
    expect(finished(after.response)).toBe(true);
  });

  it('allows no lock longer than the window', () => {
    expect(() => loadConfig({ PUBLIC_URL, LOGIN_LOCK_MINUTES: '60' })).toThrow();
    expect(loadConfig({ PUBLIC_URL, LOGIN_LOCK_MINUTES: '15' }).LOGIN_LOCK_MINUTES).toBe(15);
  });

  it('answers a known browser of another user as any stranger', async () => {
    const home = await attempt({ remoteAddress: '198.51.100.40' }, 'marta', 's3creta');
    const known = knownCookieOf(home.response);
    await windowPasses();
    await flood('nuria', 9, '203.0.117');
    const other = await attempt(
      { remoteAddress: '198.51.100.40', cookies: { [KNOWN_COOKIE]: known } },
      'nuria',
      's3creta',
    );
    expect(other.response.statusCode).toBe(429);
    expect(alertOf(other.response.body)).toBe(TOO_MANY);
  });
});
