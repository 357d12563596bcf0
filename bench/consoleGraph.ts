import path from 'node:path';
import zlib from 'node:zlib';
import { MIN_BYTES } from '../scripts/precompress.ts';

/** What the bench keeps of one built chunk (rolldown's OutputChunk, trimmed). */
export interface BuiltChunk {
  fileName: string;
  code: string;
  /** The module the chunk stands for (an entry or a dynamic import), if any. */
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Bytes each module contributes to the chunk, by module id. */
  modules: Record<string, number>;
}

export interface Weight {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * The chunk that stands for a source file of the repository (`index.html`, `src/main.tsx`), or
 * else the one that holds it (a chunk of a `codeSplitting` group holds modules it does not stand for).
 */
export function chunkFor(chunks: BuiltChunk[], source: string): BuiltChunk | undefined {
  const id = path.join(repoRoot, source);
  return (
    chunks.find((chunk) => chunk.facadeModuleId === id) ??
    chunks.find((chunk) => id in chunk.modules)
  );
}

/** A chunk and every chunk it imports statically: what the browser loads with it. */
export function staticClosure(chunks: BuiltChunk[], start: BuiltChunk[]): BuiltChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  start.forEach(visit);
  return [...seen.values()];
}

/**
 * Bytes as sent: raw, and compressed at the levels of the build's precompressed twins. A file
 * under MIN_BYTES has no twin (scripts/precompress.ts) and goes out as it is, so it counts raw.
 */
export function weigh(chunks: BuiltChunk[]): Weight {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const { code } of chunks) {
    const bytes = Buffer.from(code);
    raw += bytes.length;
    if (bytes.length < MIN_BYTES) {
      gzip += bytes.length;
      brotli += bytes.length;
      continue;
    }
    gzip += Math.min(bytes.length, zlib.gzipSync(bytes, { level: 9 }).length);
    brotli += Math.min(
      bytes.length,
      zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    );
  }
  return { files: chunks.length, raw, gzip, brotli };
}

/** The package a module comes from (`@mui/material`), or `app` for the repository's own code. */
export function packageOf(moduleId: string): string {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  return match ? match[1].replace('\\', '/') : 'app';
}

/** Rendered bytes by package over some chunks, largest first. */
export function bytesByPackage(chunks: BuiltChunk[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, bytes] of Object.entries(chunk.modules)) {
      const name = packageOf(id);
      totals.set(name, (totals.get(name) ?? 0) + bytes);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
