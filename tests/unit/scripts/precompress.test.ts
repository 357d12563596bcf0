import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from '../../../scripts/precompress';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (file: string, content: string | Buffer) =>
  fs.writeFileSync(path.join(dir, file), content);
const exists = (file: string) => fs.existsSync(path.join(dir, file));
const script = 'export const answer = 42;\n'.repeat(200);

describe('precompress', () => {
  it('writes brotli and gzip twins that decompress to the file, in subfolders too', async () => {
    write('assets/app-abc123.js', script);
    write('index.html', `<!doctype html>${'<p>Flota</p>'.repeat(200)}`);
    const done = await precompress(dir);
    expect(done.map((result) => result.file).sort()).toEqual([
      'assets/app-abc123.js',
      'index.html',
    ]);
    const br = fs.readFileSync(path.join(dir, 'assets/app-abc123.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/app-abc123.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    const app = done.find((result) => result.file === 'assets/app-abc123.js')!;
    expect(app).toEqual({
      file: 'assets/app-abc123.js',
      raw: script.length,
      br: br.length,
      gzip: gz.length,
    });
  });

  it('leaves small files, binary files and twins alone', async () => {
    write('assets/tiny.js', 'x'.repeat(MIN_BYTES - 1));
    write('assets/logo.png', Buffer.alloc(4096, 1));
    write('assets/app.js.gz', Buffer.alloc(4096, 1));
    expect(await precompress(dir)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'app.js.gz',
      'logo.png',
      'tiny.js',
    ]);
  });

  it('writes no twin that would not be smaller than the file', async () => {
    // Random bytes do not compress: the server then sends the file itself.
    write('assets/random.txt', crypto.randomBytes(4096));
    expect(await precompress(dir)).toEqual([
      { file: 'assets/random.txt', raw: 4096, br: null, gzip: null },
    ]);
    expect(exists('assets/random.txt.br')).toBe(false);
    expect(exists('assets/random.txt.gz')).toBe(false);
  });
});
