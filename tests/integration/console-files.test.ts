import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

// How the built console is sent: the build's precompressed twins when the browser takes them,
// hashed files kept for a year, pages revalidated; and the API's larger JSON compressed.

let t: TestApp;
let consoleDir: string;

const PAGE = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js">';
/** Large enough to be worth compressing, as a real bundle is. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};\n`).join('');

beforeAll(async () => {
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), `${PAGE}</script></head></html>`);
  fs.writeFileSync(path.join(consoleDir, 'silent-renew.html'), PAGE);
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  const script = path.join(consoleDir, 'assets', 'app-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  t = await buildTestApp({ CONSOLE_DIR: consoleDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string, encodings?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encodings === undefined ? {} : { 'accept-encoding': encodings },
  });

/** The body as the browser reads it, whatever the encoding it was sent in. */
function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('a hashed file', () => {
  it('is sent as its brotli twin to a browser that takes br', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('is sent as its gzip twin to one that takes only gzip', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('is sent as it is to one that takes no encoding', async () => {
    for (const encodings of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', encodings);
      expect(response.headers['content-encoding'], encodings).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('is kept by browsers for a year, and caches keep each encoding apart', async () => {
    for (const encodings of [undefined, 'gzip', 'br']) {
      const response = await get('/assets/app-abc123.js', encodings);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('that is missing is a 404, not the console page', async () => {
    const response = await get('/assets/app-gone99.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the console pages', () => {
  it('are revalidated on every load, at / and at client routes', async () => {
    for (const url of ['/', '/app/home', '/app/devicelist?database=1', '/index.html']) {
      const response = await get(url, 'gzip, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(decoded(response), url).toContain('/assets/app-abc123.js');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
    }
  });

  it('at the root other than index.html are revalidated too', async () => {
    const response = await get('/silent-renew.html?code=abc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answer a revalidation with 304 while unchanged', async () => {
    const first = await get('/app/home');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/app/home',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the API', () => {
  it('compresses a large JSON answer for a client that takes it', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await get('/api/openapi.json', 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const response = await get('/healthz', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
