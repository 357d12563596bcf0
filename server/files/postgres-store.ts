import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import {
  FileKeyError,
  keySegments,
  prefixParts,
  SourceClosedError,
  type FileInfo,
  type FileStore,
} from './store';
import { measuring, toStream } from './streams';

/** Bytes in one row of core.file_chunks (the last row of a file may hold fewer). */
export const CHUNK_BYTES = 256 * 1024;

/** Two-key advisory locks of this class serialise the commits of one key (keyed by its hash). */
const COMMIT_LOCK = 0x46494c45;

/** A file still unnamed this long after it was begun belongs to an upload that died. */
const ABANDONED_AFTER = sql`interval '1 day'`;

/**
 * The file store every node reaches: files in the database (migration 0010), so they come and go
 * with its backups. A file is a row of core.files (key, size, time) and its bytes rows of
 * core.file_chunks of CHUNK_BYTES each, written and read one chunk at a time.
 *
 * A put writes its chunks under a row without a key, invisible to the other calls and outside any
 * transaction (an upload may take minutes), then names it in one short transaction that also
 * deletes the file it replaces. A reader that finds a chunk missing (the file was deleted or
 * replaced meanwhile) fails its stream rather than mix two files.
 *
 * @example
 *   const store = postgresFileStore(db);
 *   const file = await store.get('helpdesk/prj_1/MID-1/devicelogs/a.log');
 *   file?.stream.pipe(response);
 */
export function postgresFileStore(db: Db): FileStore {
  const files = () => db.selectFrom('core.files').select(['id', 'key', 'size', 'modified']);

  async function find(key: string) {
    keySegments(key);
    return files().where('key', '=', key).$narrowType<{ key: string }>().executeTakeFirst();
  }

  /** The keys beginning with `prefix`: a range of the (C-collated) key index. */
  function range(prefix: string) {
    prefixParts(prefix);
    let query = files().where('key', 'is not', null);
    if (prefix) query = query.where('key', '>=', prefix).where('key', '<', after(prefix));
    return query;
  }

  async function commit(id: number, key: string, size: number): Promise<FileInfo> {
    const named = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${COMMIT_LOCK}::int, hashtext(${key}))`.execute(trx);
      await trx.deleteFrom('core.files').where('key', '=', key).execute();
      return trx
        .updateTable('core.files')
        .set({ key, size, modified: sql`now()` })
        .where('id', '=', id)
        .where('key', 'is', null)
        .returning(['size', 'modified'])
        .executeTakeFirst();
    });
    if (!named) throw new Error(`the upload of ${key} was abandoned before it was stored`);
    await db
      .deleteFrom('core.files')
      .where('key', 'is', null)
      .where('modified', '<', sql<Date>`now() - ${ABANDONED_AFTER}`)
      .execute();
    return { key, size: named.size, modified: named.modified };
  }

  return {
    async put(key, body, options = {}) {
      keySegments(key);
      const source = toStream(body);
      // A source closed already would leave pipeline waiting for ever.
      if (source.destroyed) throw new SourceClosedError();
      const measure = measuring();
      const sink = chunkWriter(db);
      try {
        await pipeline(source, measure.stream, sink.stream);
        const written = measure.written();
        await options.check?.(written);
        return await commit(await sink.file(), key, written.size);
      } catch (error) {
        await sink.discard();
        throw error;
      }
    },

    async stat(key) {
      const row = await find(key);
      return row ? info(row) : null;
    },

    async get(key) {
      const row = await find(key);
      if (!row) return null;
      const chunks = readChunks(db, row.id, row.key, row.size);
      return { ...info(row), stream: Readable.from(chunks, { objectMode: false }) };
    },

    async list(prefix) {
      const rows = await range(prefix).$narrowType<{ key: string }>().execute();
      return rows.map(info);
    },

    async delete(key) {
      keySegments(key);
      const result = await db.deleteFrom('core.files').where('key', '=', key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deletePrefix(prefix) {
      if (!prefix) throw new FileKeyError('deletePrefix needs a prefix');
      prefixParts(prefix);
      const result = await db
        .deleteFrom('core.files')
        .where('key', '>=', prefix)
        .where('key', '<', after(prefix))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function info(row: { key: string; size: number; modified: Date }): FileInfo {
  return { key: row.key, size: row.size, modified: row.modified };
}

/**
 * The first string after every string that begins with `prefix`, in byte order: keys are ASCII,
 * so raising the prefix's last character by one is enough.
 */
function after(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** A file's chunks in order, one query each; fails when one is missing (deleted meanwhile). */
async function* readChunks(db: Db, id: number, key: string, size: number): AsyncGenerator<Buffer> {
  let sent = 0;
  for (let seq = 0; sent < size; seq++) {
    const chunk = await db
      .selectFrom('core.file_chunks')
      .select('data')
      .where('file_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!chunk) throw new Error(`${key} was deleted or replaced while it was read`);
    sent += chunk.data.length;
    yield chunk.data;
  }
}

/**
 * The writing end of a put: cuts the bytes into CHUNK_BYTES rows under a file row made at the
 * first full chunk (or at the end), so nothing touches the database before bytes arrive, and
 * at most one chunk waits in memory.
 */
function chunkWriter(db: Db) {
  let id: number | null = null;
  let seq = 0;
  let waiting: Buffer[] = [];
  let waitingBytes = 0;
  // The write under way, so a discard waits for it before deleting.
  let writing: Promise<void> = Promise.resolve();

  async function file(): Promise<number> {
    if (id === null) {
      const row = await db
        .insertInto('core.files')
        .values({ key: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    return id;
  }

  async function flush(all: boolean): Promise<void> {
    while (waitingBytes >= CHUNK_BYTES || (all && waitingBytes > 0)) {
      const joined = Buffer.concat(waiting);
      const rest = joined.subarray(CHUNK_BYTES);
      waiting = rest.length > 0 ? [Buffer.from(rest)] : [];
      waitingBytes = rest.length;
      const data = joined.subarray(0, CHUNK_BYTES);
      await db
        .insertInto('core.file_chunks')
        .values({ file_id: await file(), seq: seq++, data })
        .execute();
    }
  }

  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      waiting.push(chunk);
      waitingBytes += chunk.length;
      writing = flush(false);
      writing.then(() => callback(), callback);
    },
    final(callback) {
      writing = file().then(() => flush(true));
      writing.then(() => callback(), callback);
    },
  });

  return {
    stream,
    file,
    /** Deletes what was written (the chunks go with their file row). */
    async discard(): Promise<void> {
      await writing.catch(() => {});
      if (id !== null) await db.deleteFrom('core.files').where('id', '=', id).execute();
    },
  };
}
