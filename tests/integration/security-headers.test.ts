import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

// The headers a browser gets from the server: the console's pages carry a Content-Security-Policy
// that allows only what the console loads, every answer `nosniff` and a referrer policy.

let t: TestApp;
let consoleDir: string;

const TILES = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';

beforeAll(async () => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-console-'));
  const page = (script: string) =>
    `<!doctype html><html><head><script type="module" src="/assets/${script}"></script></head></html>`;
  fs.writeFileSync(path.join(consoleDir, 'index.html'), page('main.js'));
  fs.writeFileSync(path.join(consoleDir, 'silent-renew.html'), page('silentRenew.js'));
  fs.writeFileSync(path.join(consoleDir, 'environment-callback.html'), page('callback.js'));
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'assets', 'main.js'), 'console.log("flota");\n');
  t = await buildTestApp({ CONSOLE_DIR: consoleDir, MAP_TILE_URL: TILES });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the console pages', () => {
  it('allow only our scripts, the styles MUI injects, our images and the map tiles', async () => {
    for (const url of ['/', '/app/devicelist?database=1', '/app/home']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      // No inline script, no eval: an injected <script> or handler attribute does not run.
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
      expect(csp['form-action']).toEqual(["'self'", t.config.PUBLIC_URL]);
      // The issuer (ours) for the silent renewal's iframe; any http(s) origin, because the
      // external environments are added while the console runs (their API, their renewal).
      const elsewhere = ["'self'", t.config.PUBLIC_URL, 'http:', 'https:'];
      expect(csp['frame-src']).toEqual(elsewhere);
      expect(csp['connect-src']).toEqual(elsewhere);
      // Nobody frames the console (clickjacking).
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('let the silent renewal pages be framed by our own console only', async () => {
    for (const url of ['/silent-renew.html?code=abc', '/environment-callback.html?code=abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('everything else', () => {
  it('may run nothing and be framed by nobody, and is never sniffed', async () => {
    const answers = [
      await get('/assets/main.js'),
      await get('/api/config'),
      await get('/healthz'),
      await get('/api/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/api/services', payload: { operation: 'x' } }),
      await t.app.inject({ method: 'POST', url: '/api/device/v1/enrol', payload: {} }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 404, 401, 400]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it("keeps the sign-in pages' own stricter policy", async () => {
    const response = await get('/oidc/interaction/no-such-interaction');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
