import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { readStart } from '../files/streams';

/** The log viewer's filters (001 §9, 002 §4): each selects the lines it recognises. */
export const LOG_FILTERS = ['errors', 'replicator', 'live', 'frame', 'script'] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

const MATCHERS: Record<LogFilter, RegExp> = {
  // Levels as loggers write them, and Java/.NET exception names.
  errors: /\b(ERROR|FATAL)\b|Exception/,
  replicator: /replic/i,
  // Word starts, so "alive" and "delivery" are not live lines.
  live: /\blive/i,
  frame: /\bframe/i,
  script: /script/i,
};

/** Most text one viewLog answer carries, before compression. */
export const MAX_VIEW_BYTES = 2 * 1024 * 1024;

export interface LogView {
  text: string;
  /** Lines in the answer. */
  lines: number;
  /** Lines in the file. */
  totalLines: number;
  /** More lines matched than MAX_VIEW_BYTES holds; the answer has the first ones. */
  truncated: boolean;
}

export interface LogQuery {
  /** Lines matching any of these; none means every line (002 §4 "turning all off returns to full"). */
  filters: LogFilter[];
  /** Free text the lines must also contain, without regard to case. */
  text?: string;
  maxBytes?: number;
}

/** A file with a NUL byte among its first 8 KiB is binary, not a log; the rest is not read. */
export async function looksBinary(source: Readable): Promise<boolean> {
  return (await readStart(source, 8192)).includes(0);
}

/** Reads a log line by line (never whole into memory) and keeps the lines the query selects. */
export async function readLog(source: Readable, query: LogQuery): Promise<LogView> {
  const maxBytes = query.maxBytes ?? MAX_VIEW_BYTES;
  const matchers = query.filters.map((filter) => MATCHERS[filter]);
  const needle = query.text?.toLowerCase() || null;
  const kept: string[] = [];
  let bytes = 0;
  let totalLines = 0;
  let truncated = false;
  const lines = readline.createInterface({
    input: source.setEncoding('utf8'),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    totalLines++;
    if (truncated) continue;
    if (matchers.length > 0 && !matchers.some((matcher) => matcher.test(line))) continue;
    if (needle && !line.toLowerCase().includes(needle)) continue;
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > maxBytes) {
      truncated = true;
      continue;
    }
    bytes += size;
    kept.push(line);
  }
  return { text: kept.join('\n'), lines: kept.length, totalLines, truncated };
}

/** viewLog's `stText`: raw deflate (no zlib header), then base64, as the console inflates it. */
export function compressText(text: string): string {
  return zlib.deflateRawSync(Buffer.from(text, 'utf8')).toString('base64');
}
