import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { acceptSmallForms } from './form';
import { escapeHtml, layout, pageHeaders } from './html';
import { hashPassword } from './passwords';
import { isLang, langFromLocales, type Lang } from './texts';

/** Where a new user sets their password: the link of the mail an administrator's creation sends. */
export const PASSWORD_PATH = '/account/password';
/** A link works once, within three days. */
export const PASSWORD_LINK_HOURS = 72;
export const MIN_PASSWORD = 8;

const TEXTS = {
  es: {
    title: 'Elegir contraseña',
    intro: 'Escriba la contraseña con la que entrará en Flota.',
    password: 'Contraseña nueva',
    confirm: 'Repita la contraseña',
    submit: 'Guardar contraseña',
    tooShort: `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`,
    mismatch: 'Las dos contraseñas no coinciden.',
    invalid:
      'Este enlace no es válido, ya se usó o ha caducado. Pida otro al administrador de su empresa.',
    done: 'Contraseña guardada. Ya puede entrar en Flota con su usuario.',
    enter: 'Entrar en Flota',
    other: 'English',
    mailSubject: 'Su usuario de Flota',
    mailBody: (login: string, link: string) =>
      `Se ha creado su usuario de Flota «${login}».\n\nElija su contraseña en este enlace, válido ${PASSWORD_LINK_HOURS} horas y una sola vez:\n${link}`,
  },
  en: {
    title: 'Choose a password',
    intro: 'Type the password you will sign in to Flota with.',
    password: 'New password',
    confirm: 'Repeat the password',
    submit: 'Save password',
    tooShort: `The password must have at least ${MIN_PASSWORD} characters.`,
    mismatch: 'The two passwords do not match.',
    invalid:
      "This link is not valid, was already used or has expired. Ask your company's administrator for another.",
    done: 'Password saved. You can now sign in to Flota with your user.',
    enter: 'Sign in to Flota',
    other: 'Español',
    mailSubject: 'Your Flota user',
    mailBody: (login: string, link: string) =>
      `Your Flota user “${login}” has been created.\n\nChoose your password at this link, valid for ${PASSWORD_LINK_HOURS} hours and once only:\n${link}`,
  },
} satisfies Record<Lang, unknown>;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** The mail a new user receives, in their language, with a fresh link to set their password. */
export async function passwordLinkMail(
  db: Db,
  config: Config,
  user: { id: number; login: string; language: string },
) {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('core.password_tokens')
    .values({
      token_hash: hashOf(token),
      user_id: user.id,
      expires_at: new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000),
    })
    .execute();
  const lang: Lang = user.language === 'en' ? 'en' : 'es';
  const link = `${config.PUBLIC_URL}${PASSWORD_PATH}?token=${token}&lang=${lang}`;
  return { subject: TEXTS[lang].mailSubject, text: TEXTS[lang].mailBody(user.login, link) };
}

type Request = FastifyRequest<{
  Querystring: Record<string, string | undefined>;
  Body?: Record<string, string | undefined>;
}>;

function chooseLang(req: Request): Lang {
  for (const candidate of [req.body?.lang, req.query.lang]) if (isLang(candidate)) return candidate;
  return langFromLocales(req.headers['accept-language']?.split(',')[0]) ?? 'es';
}

function formPage(lang: Lang, token: string, error?: string): string {
  const t = TEXTS[lang];
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const otherHref = `${PASSWORD_PATH}?token=${encodeURIComponent(token)}&lang=${other}`;
  return layout(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<form method="post" action="${PASSWORD_PATH}">
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" required autofocus>
<label for="confirm">${escapeHtml(t.confirm)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" required>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
<nav><span></span><a href="${escapeHtml(otherHref)}" hreflang="${other}" lang="${other}">${escapeHtml(t.other)}</a></nav>`,
  );
}

function messagePage(lang: Lang, text: string, home: string, alert: boolean): string {
  const t = TEXTS[lang];
  return layout(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p${alert ? ' role="alert"' : ''}>${escapeHtml(text)}</p>
<nav><a href="${escapeHtml(home)}">${escapeHtml(t.enter)}</a></nav>`,
  );
}

/** The token's row when it can still be used. */
function usableToken(db: Db, token: string) {
  return db
    .selectFrom('core.password_tokens')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * `GET/POST /account/password?token=…`: the page where a user created by an administrator
 * chooses their password (docs/users.md). The link works once; using it also clears a sign-in
 * lockout. Pages in Spanish or English, like the sign-in page.
 */
export function passwordRoutes({ config, db }: { config: Config; db: Db }) {
  const home = `${config.PUBLIC_URL}/`;
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).headers(pageHeaders()).type('text/html; charset=utf-8').send(html);

  return async function routes(scope: FastifyInstance): Promise<void> {
    acceptSmallForms(scope);
    scope.get(PASSWORD_PATH, async (req: Request, reply) => {
      const lang = chooseLang(req);
      const token = req.query.token ?? '';
      if (!token || !(await usableToken(db, token))) {
        return send(reply, messagePage(lang, TEXTS[lang].invalid, home, true), 400);
      }
      return send(reply, formPage(lang, token));
    });
    scope.post(PASSWORD_PATH, async (req: Request, reply) => {
      const lang = chooseLang(req);
      const { token = '', password = '', confirm = '' } = req.body ?? {};
      const row = token ? await usableToken(db, token) : undefined;
      if (!row) return send(reply, messagePage(lang, TEXTS[lang].invalid, home, true), 400);
      if (password.length < MIN_PASSWORD || password.length > 200) {
        return send(reply, formPage(lang, token, TEXTS[lang].tooShort), 400);
      }
      if (password !== confirm)
        return send(reply, formPage(lang, token, TEXTS[lang].mismatch), 400);
      const hash = await hashPassword(password);
      const used = await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('core.password_tokens')
          .set({ used_at: new Date() })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('core.users')
          .set({ password_hash: hash, failed_logins: 0, locked_until: null })
          .where('id', '=', row.user_id)
          .execute();
        return true;
      });
      if (!used) return send(reply, messagePage(lang, TEXTS[lang].invalid, home, true), 400);
      return send(reply, messagePage(lang, TEXTS[lang].done, home, false));
    });
  };
}
