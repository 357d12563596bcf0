import { Readable, Transform } from 'node:stream';
import { HEAD_BYTES, type WrittenFile } from './store';

/** A put's body as a stream: a buffer becomes a stream of that one buffer. */
export function toStream(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/**
 * A pass-through that counts the bytes and keeps the first HEAD_BYTES of them, for a put's
 * `check` once the file is written.
 *
 * @example
 *   const measure = measuring();
 *   await pipeline(source, measure.stream, sink);
 *   await options.check?.(measure.written());
 */
export function measuring(): { stream: Transform; written(): WrittenFile } {
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      }
      callback(null, chunk);
    },
  });
  return { stream, written: () => ({ size, head }) };
}

/** The first `bytes` bytes of a stream (fewer when it is shorter); the rest is not read. */
export async function readStart(source: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  // Leaving the loop early destroys the stream, which closes its file or stops its queries.
  for await (const chunk of source) {
    chunks.push(Buffer.from(chunk as Buffer));
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** A whole stream in one buffer: only for files already known to be small. */
export async function readAll(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
