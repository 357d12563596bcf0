import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { acceptSmallForms } from './form';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { sendMail } from '../mail';
import { pageHeaders } from './html';
import { OIDC_PREFIX } from './provider';
import { LANG_COOKIE } from './provider-pages';
import { KNOWN_COOKIE, knownUserId, rememberBrowser } from './known-browsers';
import { countSignInAttempt, giveBackAttempts, type LimitedAttempt } from './limits';
import { findUnstorable } from '../db/storable';
import { mailLockOut } from './lockout';
import { userFitsClient } from './client-company';
import { checkPassword, findSignInUser, logSignIn, type SignInUser } from './signin';
import { codePage, messagePage, signInPage } from './signin-page';
import { TEXTS, isLang, langFromLocales, type Lang } from './texts';
import { checkLoginCode, createLoginCode } from './twofactor';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Request = FastifyRequest<{
  Params: { uid: string };
  Querystring: { lang?: string };
  Body?: Record<string, string>;
}>;

export interface InteractionDeps {
  provider: Provider;
  config: Config;
  db: Db;
  /** The provider's cookie keys: they sign the known-browser cookie too. */
  cookieKeys: readonly string[];
}

// Who passed the password step, kept in the interaction itself (stored by the adapter).
const PENDING_USER = 'flotaPendingUserId';

function cookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The page language: an explicit choice (link, form, cookie), then ui_locales, then Spanish. */
function chooseLang(req: Request, interaction?: Interaction): Lang {
  for (const candidate of [req.query.lang, req.body?.lang, cookie(req, LANG_COOKIE)]) {
    if (isLang(candidate)) return candidate;
  }
  return langFromLocales(interaction?.params.ui_locales) ?? 'es';
}

function pendingUserId(interaction: Interaction): number | undefined {
  const id = interaction.result?.[PENDING_USER];
  return typeof id === 'number' ? id : undefined;
}

export function interactionRoutes({ provider, config, db, cookieKeys }: InteractionDeps) {
  const secure = config.PUBLIC_URL.startsWith('https:');

  /** The user this browser has signed in as before, when it is the one `login` names. */
  async function knownAs(req: Request, login: string): Promise<number | null> {
    const claimed = knownUserId(cookieKeys, cookie(req, KNOWN_COOKIE));
    if (claimed === null) return null;
    const row = await db
      .selectFrom('core.users')
      .select('id')
      .where('id', '=', claimed)
      .where(sql`lower(login)`, '=', sql`lower(${login})`)
      .executeTakeFirst();
    return row ? claimed : null;
  }

  const home = `${config.PUBLIC_URL}/`;
  const actionOf = (uid: string) => `${OIDC_PREFIX}/interaction/${uid}`;

  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).headers(pageHeaders()).send(html);

  /** The interaction of the browser's cookie, if it is still there and is the one in the URL. */
  async function load(req: Request, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(req.raw, reply.raw);
      return interaction.uid === req.params.uid && interaction.prompt.name === 'login'
        ? interaction
        : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  const expired = (req: Request, reply: FastifyReply) => {
    const lang = chooseLang(req);
    return send(reply, messagePage(lang, TEXTS[lang].expired, home, TEXTS[lang].errorRetry), 400);
  };

  /** Hands the result to oidc-provider, which answers with the redirect back to /oidc/auth. */
  async function finish(
    req: Request,
    reply: FastifyReply,
    result: InteractionResults,
  ): Promise<void> {
    reply.hijack();
    try {
      await provider.interactionFinished(req.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
    } catch (error) {
      req.log.warn({ err: error }, 'sign-in interaction could not be finished');
      if (!reply.raw.headersSent) reply.raw.writeHead(400, pageHeaders());
      const lang = chooseLang(req);
      reply.raw.end(messagePage(lang, TEXTS[lang].expired, home, TEXTS[lang].errorRetry));
    }
  }

  async function signedIn(
    req: Request,
    reply: FastifyReply,
    user: SignInUser,
    known: number | null,
  ): Promise<void> {
    const who = { companyId: user.companyId, userId: user.id, login: user.login };
    await logSignIn(db, 'signin', who, { ip: req.ip });
    // A language chosen on the sign-in page becomes the profile's, which the console adopts.
    const chosen = cookie(req, LANG_COOKIE);
    if (isLang(chosen) && chosen !== user.language) {
      await db
        .updateTable('core.users')
        .set({ language: chosen })
        .where('id', '=', user.id)
        .execute();
    }
    const attempts = user.twofactor ? 2 : 1;
    await giveBackAttempts(db, { login: user.login, ip: req.ip, known }, attempts);
    rememberBrowser(reply, cookieKeys, user.id, secure);
    await finish(req, reply, { login: { accountId: String(user.id) } });
  }

  /** 429 with `page` for an attempt over a rate limit; the first one of a window is logged. */
  async function refuse(
    req: Request,
    reply: FastifyReply,
    limited: LimitedAttempt,
    login: string,
    page: string,
  ) {
    if (limited.first) {
      const who = { companyId: null, userId: null, login };
      await logSignIn(db, 'signin_limited', who, { ip: req.ip, limit: limited.limit });
    }
    reply.header('retry-after', String(limited.retryAfter));
    return send(reply, page, 429);
  }

  /** Ends the sign-in: the page's link takes the browser back to the console with access_denied. */
  async function endSignIn(
    req: Request,
    reply: FastifyReply,
    lang: Lang,
    text: string,
    why: string,
  ) {
    const returnTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { error: 'access_denied', error_description: why },
      { mergeWithLastSubmission: false },
    );
    return send(reply, messagePage(lang, text, returnTo, TEXTS[lang].errorRetry));
  }

  async function show(req: Request, reply: FastifyReply) {
    const interaction = await load(req, reply);
    if (!interaction) return expired(req, reply);
    const lang = chooseLang(req, interaction);
    if (isLang(req.query.lang)) {
      reply.header(
        'set-cookie',
        `${LANG_COOKIE}=${lang}; Path=${OIDC_PREFIX}; Max-Age=31536000; SameSite=Lax; HttpOnly`,
      );
    }
    const view = { lang, action: actionOf(interaction.uid) };
    return send(reply, pendingUserId(interaction) ? codePage(view) : signInPage(view));
  }

  async function login(req: Request, reply: FastifyReply) {
    const interaction = await load(req, reply);
    if (!interaction) return expired(req, reply);
    const lang = chooseLang(req, interaction);
    const t = TEXTS[lang];
    const action = actionOf(interaction.uid);
    const loginName = (req.body?.login ?? '').trim();
    const password = req.body?.password ?? '';
    const again = (error: string) =>
      send(reply, signInPage({ lang, action, login: loginName, error }));
    if (!loginName || !password) return again(t.missingFields);
    // A name PostgreSQL cannot hold (NUL, a lone surrogate) is nobody's: no query for it.
    if (findUnstorable(loginName, 'login')) return again(t.wrongCredentials);

    const known = await knownAs(req, loginName);
    const limited = await countSignInAttempt(db, config, { login: loginName, ip: req.ip, known });
    if (limited) {
      const page = signInPage({ lang, action, login: loginName, error: t.tooManyAttempts });
      return refuse(req, reply, limited, loginName, page);
    }
    const outcome = await checkPassword({ db, config }, loginName, password, req.ip, known);
    if (outcome.kind === 'wrong') {
      if (outcome.lockedNow) mailLockOut({ db, config, log: req.log }, outcome.lockedNow);
      return again(t.wrongCredentials);
    }
    if (outcome.kind === 'inactive') return again(t.inactive);
    const { user } = outcome;
    // Only a caller who knows the password learns that the client is another company's.
    if (!(await userFitsClient(db, interaction.params.client_id, user.id))) {
      const who = { companyId: user.companyId, userId: user.id, login: user.login };
      await logSignIn(db, 'signin_failed', who, { ip: req.ip, reason: 'client' });
      return endSignIn(req, reply, lang, t.otherCompany, 'user not of the client company');
    }
    if (outcome.kind === 'ok') return signedIn(req, reply, user, known);

    const code = await createLoginCode(db, user.id);
    const mail = TEXTS[isLang(user.language) ? user.language : lang];
    try {
      await sendMail(
        { db, config, log: req.log },
        { to: user.email, subject: mail.mailSubject, text: mail.mailBody(code) },
      );
    } catch {
      return again(t.mailFailed);
    }
    interaction.result = { [PENDING_USER]: user.id };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    // Post/redirect/get: reloading the code page must not post the password again.
    return reply.redirect(action, 303);
  }

  async function code(req: Request, reply: FastifyReply) {
    const interaction = await load(req, reply);
    const userId = interaction && pendingUserId(interaction);
    if (!interaction || !userId) return expired(req, reply);
    const lang = chooseLang(req, interaction);
    const t = TEXTS[lang];
    const action = actionOf(interaction.uid);
    const user = await findSignInUser(db, userId);
    if (!user) return endSignIn(req, reply, lang, t.inactive, 'user deactivated');
    const known = knownUserId(cookieKeys, cookie(req, KNOWN_COOKIE)) === user.id ? user.id : null;
    const limited = await countSignInAttempt(db, config, { login: user.login, ip: req.ip, known });
    if (limited) {
      const page = codePage({ lang, action, error: t.tooManyAttempts });
      return refuse(req, reply, limited, user.login, page);
    }
    const typed = req.body?.code ?? '';
    const outcome = await checkLoginCode(db, config, user.id, typed, known !== null);
    if (outcome === 'ok') return signedIn(req, reply, user, known);

    const who = { companyId: user.companyId, userId: user.id, login: user.login };
    if (outcome === 'locked') await logSignIn(db, 'signin_locked', who, { ip: req.ip });
    else await logSignIn(db, 'signin_failed', who, { ip: req.ip, reason: 'code' });
    if (outcome === 'lockedNow') {
      await logSignIn(db, 'signin_locked', who, { ip: req.ip });
      mailLockOut({ db, config, log: req.log }, user);
    }
    if (outcome === 'wrong') return send(reply, codePage({ lang, action, error: t.wrongCode }));
    return endSignIn(req, reply, lang, t.tooManyCodes, 'too many wrong sign-in codes');
  }

  async function abort(req: Request, reply: FastifyReply) {
    const interaction = await load(req, reply);
    if (!interaction) return expired(req, reply);
    await finish(req, reply, {
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
    });
  }

  return async function routes(scope: FastifyInstance): Promise<void> {
    acceptSmallForms(scope);
    // These are pages, not API calls: failures get a page too, without internals.
    scope.setErrorHandler((error: FastifyError, req, reply) => {
      const lang = chooseLang(req as Request);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) req.log.error({ err: error }, 'sign-in page failed');
      const text = status === 500 ? TEXTS[lang].internal : TEXTS[lang].expired;
      return send(reply, messagePage(lang, text, home, TEXTS[lang].errorRetry), status);
    });
    scope.get(`${OIDC_PREFIX}/interaction/:uid`, show);
    scope.post(`${OIDC_PREFIX}/interaction/:uid/login`, login);
    scope.post(`${OIDC_PREFIX}/interaction/:uid/code`, code);
    scope.get(`${OIDC_PREFIX}/interaction/:uid/abort`, abort);
  };
}
