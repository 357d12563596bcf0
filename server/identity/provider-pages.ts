import { createHash } from 'node:crypto';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, layout, pageHeaders } from './html';
import { messagePage } from './signin-page';
import { TEXTS, isLang, langFromLocales, type Lang } from './texts';

export const LANG_COOKIE = 'flota_lang';

function langOf(ctx: KoaContextWithOIDC): Lang {
  const fromRequest = langFromLocales(ctx.oidc?.params?.ui_locales);
  if (fromRequest) return fromRequest;
  // The cookie is ours, not oidc-provider's: it carries no signature.
  const fromCookie = ctx.cookies.get(LANG_COOKIE, { signed: false });
  return isLang(fromCookie) ? fromCookie : 'es';
}

function setHeaders(ctx: KoaContextWithOIDC, scriptHash?: string): void {
  for (const [name, value] of Object.entries(pageHeaders(scriptHash))) ctx.set(name, value);
}

const SUBMIT_LOGOUT = "document.getElementById('op.logoutForm').submit();";
const SUBMIT_LOGOUT_HASH = `sha256-${createHash('sha256').update(SUBMIT_LOGOUT).digest('base64')}`;

/** The pages oidc-provider draws itself, in Flota's look and languages. */
export function providerPages(publicUrl: string) {
  const home = `${publicUrl}/`;
  return {
    /**
     * The console's "sign out" is already the user's confirmation, so the page submits the
     * provider's confirm form at once; without scripts the user presses the button.
     */
    async logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
      const lang = langOf(ctx);
      const confirmForm = form.replace(
        '</form>',
        '<input type="hidden" name="logout" value="yes"/></form>',
      );
      setHeaders(ctx, SUBMIT_LOGOUT_HASH);
      ctx.type = 'html';
      ctx.body = layout(
        lang,
        TEXTS[lang].signOut,
        `<h1>${escapeHtml(TEXTS[lang].signingOut)}</h1>
${confirmForm}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(TEXTS[lang].signOut)}</button></noscript>`,
        SUBMIT_LOGOUT,
      );
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
      const lang = langOf(ctx);
      setHeaders(ctx);
      ctx.type = 'html';
      ctx.body = layout(
        lang,
        TEXTS[lang].signOut,
        `<h1>${escapeHtml(TEXTS[lang].signedOut)}</h1>
<nav><a href="${escapeHtml(home)}">${escapeHtml(TEXTS[lang].errorRetry)}</a></nav>`,
      );
    },

    /** Shows the protocol error and its description only: never a stack trace. */
    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut): Promise<void> {
      const lang = langOf(ctx);
      const message = out.error_description ? `${out.error_description} (${out.error})` : out.error;
      setHeaders(ctx);
      ctx.type = 'html';
      ctx.body = messagePage(lang, message, home, TEXTS[lang].errorRetry);
    },
  };
}
