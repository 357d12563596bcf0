import { escapeHtml, layout } from './html';
import { TEXTS, type Lang } from './texts';

export interface SignInView {
  lang: Lang;
  /** Path of the interaction, e.g. /oidc/interaction/abc. */
  action: string;
  login?: string;
  error?: string;
}

function languageLink(lang: Lang, action: string): string {
  const other: Lang = lang === 'es' ? 'en' : 'es';
  return `<a href="${escapeHtml(`${action}?lang=${other}`)}" hreflang="${other}" lang="${other}">${escapeHtml(TEXTS[lang].otherLanguage)}</a>`;
}

function alert(error: string | undefined): string {
  return error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
}

function footer(lang: Lang, action: string): string {
  return `<nav><a href="${escapeHtml(`${action}/abort`)}">${escapeHtml(TEXTS[lang].cancel)}</a>${languageLink(lang, action)}</nav>`;
}

/** The user name and password form. */
export function signInPage({ lang, action, login = '', error }: SignInView): string {
  const t = TEXTS[lang];
  return layout(
    lang,
    t.title,
    `<h1>${escapeHtml(t.heading)}</h1>
<form method="post" action="${escapeHtml(`${action}/login`)}">
<input type="hidden" name="lang" value="${lang}">
<label for="login">${escapeHtml(t.login)}</label>
<input id="login" name="login" autocomplete="username" autocapitalize="none" spellcheck="false" required${login ? '' : ' autofocus'} value="${escapeHtml(login)}">
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${login ? ' autofocus' : ''}>
${alert(error)}
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
${footer(lang, action)}`,
  );
}

/** The second step for users with two-factor sign-in: the code sent by mail. */
export function codePage({ lang, action, error }: SignInView): string {
  const t = TEXTS[lang];
  return layout(
    lang,
    t.codeHeading,
    `<h1>${escapeHtml(t.codeHeading)}</h1>
<p>${escapeHtml(t.codeIntro)}</p>
<form method="post" action="${escapeHtml(`${action}/code`)}">
<input type="hidden" name="lang" value="${lang}">
<label for="code">${escapeHtml(t.code)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
${alert(error)}
<button type="submit">${escapeHtml(t.codeSubmit)}</button>
</form>
${footer(lang, action)}`,
  );
}

/** A message with one way out, for expired interactions and failed flows. */
export function messagePage(lang: Lang, message: string, href: string, linkText: string): string {
  const t = TEXTS[lang];
  return layout(
    lang,
    t.errorHeading,
    `<h1>${escapeHtml(t.errorHeading)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<nav><a href="${escapeHtml(href)}">${escapeHtml(linkText)}</a></nav>`,
  );
}
