const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The redirect URIs of a login client, one per line: each https, or http only on the machine
 * itself (localhost, 127.0.0.1, [::1]), absolute and without a fragment. Answers the URIs, or
 * the first bad one.
 */
export function parseRedirectUris(text: string | null | undefined): {
  uris: string[];
  bad: string | null;
} {
  const uris = [
    ...new Set(
      (text ?? '')
        .split(/[\r\n]+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  const bad = uris.find((uri) => {
    if (!URL.canParse(uri)) return true;
    const url = new URL(uri);
    if (url.hash || url.username || url.password) return true;
    if (url.protocol === 'https:') return false;
    return url.protocol !== 'http:' || !LOOPBACK.has(url.hostname);
  });
  return { uris, bad: bad ?? null };
}
