import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/**
 * The console's own pages that run inside a frame of the console, so may be framed by our own
 * origin: silent renewal answers there in a hidden iframe, the console's own
 * (src/authProvider/userManager.ts) and an external environment's (its redirect URI, also the
 * sign-in popup's, src/environments/externalSessions.ts).
 */
const FRAMED_BY_CONSOLE = new Set(['/silent-renew.html', '/environment-callback.html']);

/** Anything that is not a console page: a JSON answer, a script, an image, a download. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The CSP source of a tile URL template (`https://{s}.tile.example.com/{z}/{x}/{y}.png`): its
 * scheme, host and port, a placeholder in the host becoming a wildcard subdomain. null when
 * there is nothing to add: no template (no map tiles), or a relative one (our own origin).
 */
export function tileSource(template: string): string | null {
  const match = /^(?:(https?):)?\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const [, scheme, authority] = match;
  const [host, port] = authority.split(/:(?=[^:\]]*$)/);
  const labels = host.split('.');
  const last = labels.findLastIndex((label) => label.includes('{'));
  // CSP allows a wildcard only as the leftmost label: `a{s}.tiles.example` → `*.tiles.example`.
  const rest = labels.slice(last + 1);
  if (last !== -1 && rest.length < 2) return null;
  const pattern = last === -1 ? host : ['*', ...rest].join('.');
  const portPart = port && !port.includes('{') ? `:${port}` : '';
  return `${scheme ? `${scheme.toLowerCase()}://` : ''}${pattern.toLowerCase()}${portPart}`;
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The policy of the console's pages.
 *
 * - Scripts only from our origin: the build emits no inline script, and nothing evaluates code.
 * - Styles also inline: MUI (emotion) injects <style> elements at run time, and React writes
 *   `style` attributes; neither can carry a per-response nonce from a static index.html.
 * - Images: ours, data: (screenshots, leaflet's CSS), blob: (downloads, previews), the tiles.
 * - Connections and frames: ours, the issuer (its silent renewal runs in a hidden iframe),
 *   and any origin of the page's scheme. The console also calls the API of its external
 *   environments (002 §7) and renews their sign-in in a hidden iframe of their provider; they
 *   are other Flota servers that an administrator adds at run time and the console uses at
 *   once, without reloading the page that carries this policy, so they cannot be listed here.
 *   (TRUSTED_ORIGINS are the consoles that call this server, not servers this console calls.)
 * - Workers: ours and blob: (the SQL editor's Monaco workers).
 */
export function consolePolicy(config: Config, frameAncestors: "'none'" | "'self'"): string {
  const self = originOf(config.PUBLIC_URL);
  const issuer = originOf(config.issuer);
  // The issuer by name even when it is ours: 'self' is the origin the browser used, which is
  // not PUBLIC_URL's when the console is reached by another name.
  const own = ["'self'", issuer];
  const tiles = tileSource(config.MAP_TILE_URL);
  const elsewhere = [...own, ...(self.startsWith('https:') ? ['https:'] : ['http:', 'https:'])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': elsewhere,
    'frame-src': elsewhere,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': own,
    'frame-ancestors': [frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every answer of this app (docs/security.md): a console page gets the
 * console's policy, anything else a policy that lets it run nothing and be framed by nobody.
 * A route that sets its own policy keeps it (the sign-in pages allow their hashed scripts).
 * The OIDC provider's own endpoints answer outside Fastify's hooks and set theirs.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const consolePage = consolePolicy(config, "'none'");
  const framedPage = consolePolicy(config, "'self'");
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) {
      reply.header('x-content-type-options', 'nosniff');
    }
    // The origin only, never a console path (which names projects and filters), and still
    // enough for tile servers that ask for a referrer.
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    if (reply.hasHeader('content-security-policy')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', RESOURCE_POLICY);
      return payload;
    }
    const framed = FRAMED_BY_CONSOLE.has(request.url.split('?')[0]);
    reply.header('content-security-policy', framed ? framedPage : consolePage);
    reply.header('x-frame-options', framed ? 'SAMEORIGIN' : 'DENY');
    return payload;
  });
}
