import type { Lang } from './texts';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Headers of every identity page: never cached, never framed, no scripts but the ones we hash. */
export function pageHeaders(scriptHash?: string): Record<string, string> {
  const scripts = scriptHash ? `script-src '${scriptHash}'` : "script-src 'none'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; ${scripts}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
  background:#eef2f6;color:#1f2933}
main{width:100%;max-width:380px;margin:24px;padding:32px 28px;background:#fff;border-radius:12px;
  box-shadow:0 1px 3px rgba(15,23,42,.12),0 8px 24px rgba(15,23,42,.08)}
.brand{margin:0 0 4px;font-size:28px;font-weight:700;letter-spacing:.02em;color:#1565c0}
h1{margin:0 0 24px;font-size:16px;font-weight:500;color:#52606d}
label{display:block;margin:16px 0 6px;font-size:14px;font-weight:600}
input{width:100%;padding:10px 12px;font-size:16px;border:1px solid #cbd2d9;border-radius:8px}
input:focus{outline:2px solid #1565c0;outline-offset:1px;border-color:#1565c0}
button{width:100%;margin-top:24px;padding:11px;font-size:16px;font-weight:600;color:#fff;
  background:#1565c0;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#0d47a1}
p{line-height:1.5}
[role=alert]{margin:16px 0 0;padding:10px 12px;font-size:14px;color:#8a1c1c;background:#fdecea;border-radius:8px}
nav{display:flex;justify-content:space-between;margin-top:20px;font-size:14px}
a{color:#1565c0}
`;

/** The card every identity page is drawn in. `body` must already be escaped HTML. */
export function layout(lang: Lang, title: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Flota</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Flota</p>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>`;
}
