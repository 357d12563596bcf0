import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/identity/passwords';
import { loadIdentityKeys } from '../../server/identity/keys';
import { buildTestApp, type TestApp } from '../support/app';
import {
  alertOf,
  authorize,
  browser,
  codeOf,
  exchange,
  startSignIn,
  type BrowserOptions,
} from '../support/signin';

// Every password check goes through this spy, so a test can tell that an answer cost a hash.
vi.mock('../../server/identity/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/identity/passwords')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

const PUBLIC_URL = 'https://flota.example';
const WRONG =
  'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.';
const TOO_MANY =
  'Demasiados intentos de inicio de sesión. Espere unos minutos e inténtelo de nuevo.';
const TOO_MANY_CODES = 'Demasiados códigos incorrectos. Vuelva a iniciar sesión.';
const LIMITS = {
  PUBLIC_URL,
  LOGIN_MAX_FAILURES: '3',
  LOGIN_RATE_PER_ACCOUNT: '8',
  LOGIN_RATE_PER_ADDRESS: '6',
};

let direct: TestApp;
let proxied: TestApp;

async function addUsers({ database }: TestApp) {
  const company = await database.db
    .insertInto('core.companies')
    .values({ name: 'Abusos SA', tier: 'FLOTA_FREE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const password_hash = await hashPassword('s3creta');
  const user = (login: string, twofactor = false) => ({
    company_id: company.id,
    login,
    email: `${login}@example.com`,
    password_hash,
    role: 'ADMIN',
    rights: 'ADMINISTRADOR',
    twofactor,
  });
  await database.db
    .insertInto('core.users')
    .values([
      user('eva', true),
      user('iris', true),
      user('hugo', true),
      user('olga'),
      user('pablo'),
      user('rosa'),
    ])
    .execute();
}

beforeAll(async () => {
  direct = await buildTestApp(LIMITS);
  proxied = await buildTestApp({ ...LIMITS, TRUST_PROXY: '10.0.0.0/8' });
  await addUsers(direct);
}, 120_000);

afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const open = (options: BrowserOptions, app = direct) => browser(app.app, app.config, options);
const signIn = (go: ReturnType<typeof open>, app = direct, extra?: Record<string, string>) =>
  startSignIn(go, app.config, extra);

function mailsTo(login: string) {
  return direct.database.db
    .selectFrom('core.outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', `${login}@example.com`)
    .orderBy('id')
    .execute();
}

/** The lock-out mail is sent in the background: waits a little for it. */
async function lockMailTo(login: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await mailsTo(login)).find((row) => row.subject.includes('bloqueado'));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

async function lockedUntil(login: string) {
  const row = await direct.database.db
    .selectFrom('core.users')
    .select('locked_until')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return row.locked_until;
}

function lastCode(mails: { subject: string; body: string }[]) {
  const mail = mails.filter((row) => row.subject === 'Código de acceso a Flota').at(-1)!;
  return /\b(\d{6})\b/.exec(mail.body)![1];
}

describe('two-factor codes', () => {
  it('counts wrong codes across sign-ins and locks the account as for passwords', async () => {
    const first = open({ remoteAddress: '192.0.2.11' });
    const one = await signIn(first);
    await first('POST', `${one.interaction}/login`, { login: 'eva', password: 's3creta' });
    for (const code of ['000001', '000002']) {
      const wrong = await first('POST', `${one.interaction}/code`, { code });
      expect(alertOf(wrong.body)).toBe('El código no es correcto o ha caducado.');
    }

    // The right password again must not give a new round of guesses.
    const second = open({ remoteAddress: '192.0.2.12' });
    const two = await signIn(second);
    const password = await second('POST', `${two.interaction}/login`, {
      login: 'eva',
      password: 's3creta',
    });
    expect(password.statusCode).toBe(303);
    const third = await second('POST', `${two.interaction}/code`, { code: '000003' });
    expect(alertOf(third.body)).toBe(TOO_MANY_CODES);
    expect(await lockedUntil('eva')).not.toBeNull();

    // Locked: even the right password gets the common answer, and no code is mailed.
    const codeMails = async () =>
      (await mailsTo('eva')).filter((row) => row.subject.startsWith('Código')).length;
    const codesBefore = await codeMails();
    const later = open({ remoteAddress: '192.0.2.13' });
    const three = await signIn(later);
    const refused = await later('POST', `${three.interaction}/login`, {
      login: 'eva',
      password: 's3creta',
    });
    expect(refused.statusCode).toBe(200);
    expect(alertOf(refused.body)).toBe(WRONG);
    expect(await codeMails()).toBe(codesBefore);

    const lockMail = await lockMailTo('eva');
    expect(lockMail?.subject).toBe('Su cuenta de Flota se ha bloqueado');
    expect(lockMail?.body).toContain('«eva»');
  });

  it('refuses the pending code of an account locked meanwhile', async () => {
    const owner = open({ remoteAddress: '192.0.2.21' });
    const { interaction } = await signIn(owner);
    await owner('POST', `${interaction}/login`, { login: 'iris', password: 's3creta' });
    const code = lastCode(await mailsTo('iris'));

    const guesser = open({ remoteAddress: '192.0.2.22' });
    const other = await signIn(guesser);
    for (const password of ['a', 'b', 'c'])
      await guesser('POST', `${other.interaction}/login`, { login: 'iris', password });
    expect(await lockedUntil('iris')).not.toBeNull();

    const right = await owner('POST', `${interaction}/code`, { code });
    expect(right.statusCode).toBe(200);
    expect(alertOf(right.body)).toBe(TOO_MANY_CODES);
  });
});

describe('lock-out', () => {
  it('answers a locked account byte for byte as an unknown one, after a password hash each', async () => {
    const guesser = open({ remoteAddress: '192.0.2.31' });
    const guessing = await signIn(guesser);
    for (const password of ['a', 'b', 'c'])
      await guesser('POST', `${guessing.interaction}/login`, { login: 'olga', password });
    expect(await lockedUntil('olga')).not.toBeNull();
    // The owner learns why the right password fails by mail, not from the page.
    expect((await lockMailTo('olga'))?.body).toContain('incluso con la contraseña correcta');

    const go = open({ remoteAddress: '192.0.2.32' });
    const { interaction } = await signIn(go);
    const attempt = async (login: string, password: string) => {
      vi.mocked(verifyPassword).mockClear();
      const response = await go('POST', `${interaction}/login`, { login, password });
      expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(1);
      const { date: _date, 'content-length': _length, ...headers } = response.headers;
      // The form gives back the login typed; everything else must be the same bytes.
      const body = response.body.replace(`value="${login}"`, 'value="…"');
      return { status: response.statusCode, headers, body };
    };
    const locked = await attempt('olga', 's3creta');
    const unknown = await attempt('nadie', 's3creta');
    const wrong = await attempt('pablo', 'nope');
    expect(alertOf(locked.body)).toBe(WRONG);
    expect(locked).toEqual(unknown);
    expect(wrong).toEqual(unknown);
  });

  it('answers a login PostgreSQL cannot hold as a wrong one, not with an error', async () => {
    const go = open({ remoteAddress: '192.0.2.33' });
    const { interaction } = await signIn(go);
    for (const login of ['olga\u0000', 'x\ud800y']) {
      const response = await go('POST', `${interaction}/login`, { login, password: 's3creta' });
      expect(response.statusCode).toBe(200);
      expect(alertOf(response.body)).toBe(WRONG);
    }
  });
});

describe('rate limits', () => {
  it('limits password and code attempts per client address', async () => {
    const go = open({ remoteAddress: '198.51.100.7' });
    const { interaction } = await signIn(go);
    await go('POST', `${interaction}/login`, { login: 'hugo', password: 's3creta' });
    await go('POST', `${interaction}/code`, { code: '000000' });
    // Spraying: one guess for each of many names.
    for (const login of ['ana', 'bea', 'carla', 'dora']) {
      const wrong = await go('POST', `${interaction}/login`, { login, password: 'x' });
      expect(alertOf(wrong.body)).toBe(WRONG);
    }

    const code = await go('POST', `${interaction}/code`, { code: '000001' });
    expect(code.statusCode).toBe(429);
    expect(alertOf(code.body)).toBe(TOO_MANY);
    const retryAfter = Number(code.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Without TRUST_PROXY, X-Forwarded-For is the client's own words.
    const spoofed = open({
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    const other = await signIn(spoofed);
    const stillLimited = await spoofed('POST', `${other.interaction}/login`, {
      login: 'rosa',
      password: 's3creta',
    });
    expect(stillLimited.statusCode).toBe(429);

    const elsewhere = open({ remoteAddress: '198.51.100.8' });
    const fresh = await signIn(elsewhere);
    const allowed = await elsewhere('POST', `${fresh.interaction}/login`, {
      login: 'rosa',
      password: 's3creta',
    });
    expect(allowed.statusCode).toBe(303);

    const logged = await direct.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'signin_limited')
      .execute();
    expect(logged.map((row) => row.detail)).toContainEqual({
      ip: '198.51.100.7',
      limit: 'address',
    });
  });

  it('gives back the attempts of sign-ins that succeed', async () => {
    // More sign-ins than either limit, from one address (an office behind one router).
    for (let i = 0; i < 9; i++) {
      const go = open({ remoteAddress: '198.51.100.60' });
      const { interaction } = await signIn(go);
      const login = await go('POST', `${interaction}/login`, {
        login: 'Rosa',
        password: 's3creta',
      });
      expect(login.statusCode).toBe(303);
    }
  });

  it('limits attempts per login name, whether or not the user exists', async () => {
    const attempt = async (address: string) => {
      const go = open({ remoteAddress: address });
      const { interaction } = await signIn(go);
      return go('POST', `${interaction}/login`, { login: 'Fantasma', password: 'x' });
    };
    for (let i = 1; i <= 8; i++) expect((await attempt(`192.0.2.${100 + i}`)).statusCode).toBe(200);
    const limited = await attempt('192.0.2.120');
    expect(limited.statusCode).toBe(429);
    expect(alertOf(limited.body)).toBe(TOO_MANY);
  });

  it('counts an IPv6 client by its /64, and X-Forwarded-For only from TRUST_PROXY', async () => {
    const post = async (options: BrowserOptions) => {
      const go = open(options, proxied);
      const { interaction } = await signIn(go, proxied);
      await go('POST', `${interaction}/login`, { login: 'nadie', password: 'x' });
    };
    await post({ remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '203.0.113.7' } });
    await post({ remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '203.0.113.8' } });
    await post({ remoteAddress: '2001:db8:1:2:aaaa::1' });
    const buckets = await proxied.database.db
      .selectFrom('core.signin_limits')
      .select('bucket')
      .where('bucket', 'like', 'address:%')
      .execute();
    expect(buckets.map((row) => row.bucket).sort()).toEqual([
      'address:192.0.2.50',
      'address:2001:db8:1:2::/64',
      'address:203.0.113.7',
    ]);
  });
});

describe('addresses the provider advertises', () => {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

  it.each([
    ['without TRUST_PROXY', () => direct, '198.51.100.40'],
    ['from a trusted proxy', () => proxied, '10.0.0.9'],
  ])('are built from PUBLIC_URL whatever host a client names (%s)', async (_, app, address) => {
    const response = await app().app.inject({
      url: '/oidc/.well-known/openid-configuration',
      remoteAddress: address,
      headers: { ...forged, 'x-forwarded-proto': 'http' },
    });
    expect(response.statusCode).toBe(200);
    const urls = Object.values(response.json()).filter(
      (value): value is string => typeof value === 'string' && /^\w+:\/\//.test(value),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/oidc`), url).toBe(true);
  });

  it('resumes a sign-in at PUBLIC_URL whatever host a client names', async () => {
    const go = open({ remoteAddress: '198.51.100.41', headers: forged });
    const { interaction } = await signIn(go);
    const login = await go('POST', `${interaction}/login`, { login: 'rosa', password: 's3creta' });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toMatch(new RegExp(`^${PUBLIC_URL}/oidc/auth/`));
  });
});

describe('OpenID conformance', () => {
  it('answers prompt=consent with offline_access with a code and a refresh token', async () => {
    const go = open({ remoteAddress: '198.51.100.50' });
    const consent = { scope: 'openid profile email offline_access', prompt: 'consent' };
    const { verifier, interaction } = await signIn(go, direct, consent);
    const login = await go('POST', `${interaction}/login`, { login: 'pablo', password: 's3creta' });
    expect(login.statusCode).toBe(303);
    const resumed = await go('GET', login.headers.location as string);
    const tokens = await exchange(go, direct.config, codeOf(resumed, direct.config), verifier);
    expect(tokens.refresh_token).toBeTruthy();

    const refreshed = await go('POST', '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: direct.config.OIDC_CLIENT_ID,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const { publicJwks } = await loadIdentityKeys(direct.database.db);
    const { payload } = await jwtVerify(
      refreshed.json().access_token,
      createLocalJWKSet(publicJwks),
      { issuer: direct.config.issuer, audience: direct.config.audience },
    );
    expect(payload).toMatchObject({ nickname: 'pablo' });

    // With a session, prompt=consent goes straight back to the console: consent is implicit.
    const again = await authorize(go, direct.config, consent);
    const secondTokens = await exchange(
      go,
      direct.config,
      codeOf(again.response, direct.config),
      again.verifier,
    );
    expect(decodeJwt(secondTokens.id_token)).toMatchObject({ nickname: 'pablo' });

    // Offline access ends with the user: a deactivated user's refresh token is refused.
    await direct.database.db
      .updateTable('core.users')
      .set({ active: false })
      .where('login', '=', 'pablo')
      .execute();
    const refused = await go('POST', '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshed.json().refresh_token ?? tokens.refresh_token!,
      client_id: direct.config.OIDC_CLIENT_ID,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });

  it('does not advertise userinfo, which the API tokens cannot use', async () => {
    const discovery = await direct.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.json()).not.toHaveProperty('userinfo_endpoint');
    const token = await direct.tokenFor('rosa');
    const me = await direct.app.inject({
      url: '/oidc/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(404);
  });
});
