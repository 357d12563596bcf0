import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { hashPassword, registerIdentity, verifyPassword } from '../../server/identity/index';
import { loadIdentityKeys } from '../../server/identity/keys';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { browser, startSignIn as beginSignIn, type Browser } from '../support/signin';

const PUBLIC_URL = 'http://flota.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth-callback`;

let database: TestDatabase;
let config: Config;
let app: FastifyInstance;
let publicJwks: { keys: JWK[] };

/** Starts an authorization request; returns the browser, the sign-in page's path and PKCE verifier. */
async function startSignIn(extra: Record<string, string> = {}) {
  const go = browser(app, config);
  const { verifier, interaction } = await beginSignIn(go, config, extra);
  return { go, verifier, interaction };
}

/** Follows the redirects after a finished interaction and exchanges the code for tokens. */
async function redeem(go: Browser, location: string, verifier: string) {
  const resumed = await go('GET', location);
  expect(resumed.statusCode).toBe(303);
  const callback = new URL(resumed.headers.location as string);
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe('state-1');
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();
  const token = await go('POST', '/oidc/token', {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: REDIRECT_URI,
    client_id: config.OIDC_CLIENT_ID,
    code_verifier: verifier,
  });
  expect(token.statusCode).toBe(200);
  return token.json() as { access_token: string; id_token: string; token_type: string };
}

function alertOf(html: string): string | undefined {
  return /<p role="alert">([^<]*)<\/p>/.exec(html)?.[1];
}

beforeAll(async () => {
  database = await createTestDatabase();
  config = loadConfig({ PUBLIC_URL, LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '3' });
  const { db } = database;
  const company = await db
    .insertInto('core.companies')
    .values({ name: 'Transportes Sur', tier: 'FLOTA_FREE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword('s3creta');
  const user = (login: string, twofactor = false) => ({
    company_id: company.id,
    login,
    email: `${login.toLowerCase()}@example.com`,
    password_hash: hash,
    role: 'ADMIN',
    rights: 'ADMINISTRADOR',
    twofactor,
  });
  await db
    .insertInto('core.users')
    .values([user('Ana'), user('luis'), user('marta', true), user('pepe')])
    .execute();
  await db.updateTable('core.users').set({ active: false }).where('login', '=', 'pepe').execute();
  app = Fastify({ logger: false });
  ({ publicJwks } = await registerIdentity(app, { config, db }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('embedded identity provider', () => {
  it('publishes its discovery document under /oidc', async () => {
    const response = await app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'flota.test' },
    });
    expect(response.statusCode).toBe(200);
    const discovery = response.json();
    expect(discovery.issuer).toBe(`${PUBLIC_URL}/oidc`);
    expect(discovery.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('hashes passwords with scrypt', async () => {
    const hash = await hashPassword('clave');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('clave', hash)).toBe(true);
    expect(await verifyPassword('Clave', hash)).toBe(false);
    expect(await verifyPassword('clave', 'nonsense')).toBe(false);
  });

  it('signs in with code + PKCE and issues a JWT access token for the API', async () => {
    const { go, verifier, interaction } = await startSignIn();
    const page = await go('GET', interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<input id="login" name="login" autocomplete="username"');
    expect(page.body).toContain('Contraseña');

    const login = await go('POST', `${interaction}/login`, { login: 'ANA', password: 's3creta' });
    expect(login.statusCode).toBe(303);
    const tokens = await redeem(go, login.headers.location as string, verifier);

    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(publicJwks), {
      issuer: config.issuer,
      audience: config.audience,
    });
    const ana = await database.db
      .selectFrom('core.users')
      .select(['id', 'company_id'])
      .where('login', '=', 'Ana')
      .executeTakeFirstOrThrow();
    expect(payload).toMatchObject({
      sub: String(ana.id),
      nickname: 'Ana',
      role: 'ADMIN',
      rights: 'ADMINISTRADOR',
      cia: String(ana.company_id),
      active: 'true',
      email: 'ana@example.com',
      locale: 'es',
    });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      nickname: 'Ana',
      role: 'ADMIN',
      cia: String(ana.company_id),
    });
    const logged = await database.db
      .selectFrom('core.actions_log')
      .select(['action', 'detail'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(logged.map((row) => row.action)).toEqual(['signin']);

    // Silent renewal: the session answers prompt=none without any page.
    const query = new URLSearchParams({
      client_id: config.OIDC_CLIENT_ID,
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: `${PUBLIC_URL}/silent-renew.html`,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    const silent = await go('GET', `/oidc/auth?${query}`);
    expect(silent.statusCode).toBe(303);
    expect(new URL(silent.headers.location as string).searchParams.get('code')).toBeTruthy();

    // Sign-out: the confirm page submits itself; posting it ends the session.
    const logout = await go(
      'GET',
      `/oidc/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PUBLIC_URL}/` })}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain("document.getElementById('op.logoutForm').submit()");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)![1];
    const confirmed = await go('POST', '/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${PUBLIC_URL}/`);
    const after = await go('GET', `/oidc/auth?${query}`);
    expect(new URL(after.headers.location as string).searchParams.get('error')).toBe(
      'login_required',
    );
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const { go, interaction } = await startSignIn();
    const wrong = await go('POST', `${interaction}/login`, { login: 'luis', password: 'nope' });
    const unknown = await go('POST', `${interaction}/login`, { login: 'nadie', password: 'nope' });
    expect(alertOf(wrong.body)).toBe(
      'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.',
    );
    expect(alertOf(unknown.body)).toBe(alertOf(wrong.body));
    const inactive = await go('POST', `${interaction}/login`, {
      login: 'pepe',
      password: 's3creta',
    });
    expect(alertOf(inactive.body)).toContain('desactivado');
  });

  it('locks an account after LOGIN_MAX_FAILURES wrong passwords, even for the right one', async () => {
    const { go, interaction } = await startSignIn();
    for (let attempt = 0; attempt < config.LOGIN_MAX_FAILURES; attempt++) {
      await go('POST', `${interaction}/login`, { login: 'luis', password: `wrong-${attempt}` });
    }
    const right = await go('POST', `${interaction}/login`, { login: 'luis', password: 's3creta' });
    expect(right.statusCode).toBe(200);
    // A locked account answers as a wrong password does (docs/identity.md, "Lock-out").
    expect(alertOf(right.body)).toMatch(/^Usuario o contraseña incorrectos/);
    const actions = await database.db
      .selectFrom('core.actions_log')
      .select('action')
      .where('login', '=', 'luis')
      .execute();
    expect(actions.map((row) => row.action)).toContain('signin_locked');

    // Once the lock has expired, one more wrong password does not lock again; the right one resets.
    const expire = () =>
      database.db
        .updateTable('core.users')
        .set({ locked_until: new Date(Date.now() - 60_000) })
        .where('login', '=', 'luis')
        .execute();
    await expire();
    const wrongAgain = await go('POST', `${interaction}/login`, { login: 'luis', password: 'x' });
    expect(alertOf(wrongAgain.body)).toBe(
      'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.',
    );
    const unlocked = await go('POST', `${interaction}/login`, {
      login: 'luis',
      password: 's3creta',
    });
    expect(unlocked.statusCode).toBe(303);
    const luis = await database.db
      .selectFrom('core.users')
      .select(['failed_logins', 'locked_until'])
      .where('login', '=', 'luis')
      .executeTakeFirstOrThrow();
    expect(luis).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('asks users with two-factor sign-in for the code sent by mail', async () => {
    const { go, verifier, interaction } = await startSignIn();
    const login = await go('POST', `${interaction}/login`, { login: 'marta', password: 's3creta' });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe(interaction);
    const page = await go('GET', interaction);
    expect(page.body).toContain('<input id="code" name="code" inputmode="numeric"');

    const mail = await database.db
      .selectFrom('core.outbox')
      .selectAll()
      .where('to_address', '=', 'marta@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Código de acceso a Flota');
    const code = /\b(\d{6})\b/.exec(mail.body)![1];
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await go('POST', `${interaction}/code`, { code: wrongCode });
    expect(alertOf(wrong.body)).toBe('El código no es correcto o ha caducado.');

    const right = await go('POST', `${interaction}/code`, { code });
    expect(right.statusCode).toBe(303);
    const tokens = await redeem(go, right.headers.location as string, verifier);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ nickname: 'marta' });
  });

  it('ends the sign-in after too many wrong codes', async () => {
    const { go, interaction } = await startSignIn();
    await go('POST', `${interaction}/login`, { login: 'marta', password: 's3creta' });
    let last;
    // Wrong codes count as failures of the account: LOGIN_MAX_FAILURES of them lock it.
    for (let attempt = 0; attempt < config.LOGIN_MAX_FAILURES; attempt++)
      last = await go('POST', `${interaction}/code`, { code: 'abcdef' });
    expect(alertOf(last!.body)).toBe('Demasiados códigos incorrectos. Vuelva a iniciar sesión.');
    const back = /<a href="([^"]+)">/.exec(last!.body)![1].replace(/&amp;/g, '&');
    const resumed = await go('GET', back);
    expect(new URL(resumed.headers.location as string).searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('shows the page in English when ui_locales asks for it, and on the language link', async () => {
    const { go, interaction } = await startSignIn({ ui_locales: 'en-GB en' });
    const page = await go('GET', interaction);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('User name');
    const wrong = await go('POST', `${interaction}/login`, {
      login: 'nadie',
      password: 'x',
      lang: 'en',
    });
    expect(alertOf(wrong.body)).toBe(
      'Wrong user name or password. After several failed attempts the account is locked for a few minutes.',
    );
    const spanish = await go('GET', `${interaction}?lang=es`);
    expect(spanish.body).toContain('Contraseña');
    expect(spanish.headers['set-cookie']).toContain('flota_lang=es');
  });

  it('answers an unknown interaction with a page, not an error envelope', async () => {
    const response = await app.inject({
      url: '/oidc/interaction/unknown',
      headers: { host: 'flota.test' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('role="alert"');
  });

  it('gives nodes that create the keys at the same time the same keys', async () => {
    await database.db.deleteFrom('core.secrets').execute();
    const [first, second] = await Promise.all([
      loadIdentityKeys(database.db),
      loadIdentityKeys(database.db),
    ]);
    expect(second).toEqual(first);
    expect(first.publicJwks.keys[0]).not.toHaveProperty('d');
    expect(first.jwks.keys[0]).toHaveProperty('d');
  });
});
