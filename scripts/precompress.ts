import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files that compress well; images and fonts are compressed already. */
const TEXT_FILES = /\.(?:html|js|mjs|css|json|svg|txt|xml|map|webmanifest)$/i;
/** Below this, the headers weigh more than what compression saves. */
export const MIN_BYTES = 1024;
/**
 * Above this (only Monaco's chunk, 3.9 MB, for the SQL and report editors), brotli's quality 9:
 * quality 11 took 7 of the build's 22 seconds on it for 10 % fewer bytes, on a chunk loaded once
 * and kept a year. Every other file gets the highest quality.
 */
export const LARGE_BYTES = 1024 * 1024;

export interface Precompressed {
  /** Relative to the folder, with `/`. */
  file: string;
  raw: number;
  /** null when the twin would not be smaller, so none was written. */
  br: number | null;
  gzip: number | null;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function writeTwin(file: string, content: Buffer, raw: number): Promise<number | null> {
  if (content.length >= raw) return null;
  await fs.writeFile(file, content);
  return content.length;
}

/**
 * Writes a `.br` and a `.gz` twin beside each text file of `dir` of MIN_BYTES or more, at the
 * highest levels (brotli's a little lower above LARGE_BYTES) (the server sends them as they are: server/console-files.ts). A twin that
 * would not be smaller is left out; the server then sends the file itself.
 */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) if (TEXT_FILES.test(file)) files.push(file);
  const results = await Promise.all(
    files.map(async (file): Promise<Precompressed | null> => {
      const content = await fs.readFile(file);
      if (content.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]:
              content.length > LARGE_BYTES ? 9 : zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file: path.relative(dir, file).split(path.sep).join('/'),
        raw: content.length,
        br: await writeTwin(`${file}.br`, br, content.length),
        gzip: await writeTwin(`${file}.gz`, gz, content.length),
      };
    }),
  );
  return results.filter((result) => result !== null);
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** Runs `precompress` on the build's output folder once Vite has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  // A failed build writes nothing, and rolldown still calls closeBundle: the build's own error
  // must be what the user reads, not this plugin's "no such folder".
  let written = false;
  return {
    name: 'flota-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (!written) return;
        const done = await precompress(outDir);
        const sum = (pick: (result: Precompressed) => number) =>
          kilobytes(done.reduce((total, result) => total + pick(result), 0));
        this.info(
          `${done.length} files precompressed: ${sum((r) => r.raw)} → ` +
            `${sum((r) => r.br ?? r.raw)} br, ${sum((r) => r.gzip ?? r.raw)} gzip`,
        );
      },
    },
  };
}
