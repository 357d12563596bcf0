import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, postgresFileStore, type FileStore } from '../../server/files/index';
import { readAll } from '../../server/files/streams';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { fileStoreContract, pieces } from '../support/file-store-contract';

let database: TestDatabase;
let store: FileStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = postgresFileStore(database.db);
});
afterAll(() => database.drop());

fileStoreContract('postgres', () => store);

describe('postgres: in the database', () => {
  const rowsOf = async (key: string) => {
    const file = await database.db
      .selectFrom('core.files')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return database.db
      .selectFrom('core.file_chunks')
      .select(['seq', (eb) => eb.fn<number>('octet_length', ['data']).as('bytes')])
      .where('file_id', '=', file.id)
      .orderBy('seq')
      .execute();
  };
  const unnamed = async () =>
    (await database.db.selectFrom('core.files').select('id').where('key', 'is', null).execute())
      .length;

  it('cuts a file into rows of CHUNK_BYTES, the last one shorter', async () => {
    const key = 'helpdesk/prj_9/pg-1/database/big.db';
    const data = crypto.randomBytes(2 * CHUNK_BYTES + 1000);
    await store.put(key, pieces(data, 64 * 1024));
    expect(await rowsOf(key)).toEqual([
      { seq: 0, bytes: CHUNK_BYTES },
      { seq: 1, bytes: CHUNK_BYTES },
      { seq: 2, bytes: 1000 },
    ]);
  });

  it('leaves no rows behind a refused or failed put, nor of a replaced file', async () => {
    const key = 'helpdesk/prj_9/pg-2/devicelogs/a.log';
    await store.put(key, crypto.randomBytes(CHUNK_BYTES + 5));
    await store.put(key, Buffer.from('smaller'));
    await expect(
      store.put(key, crypto.randomBytes(3 * CHUNK_BYTES), {
        check: async () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect(await unnamed()).toBe(0);
    expect(await rowsOf(key)).toEqual([{ seq: 0, bytes: 7 }]);
  });

  it('fails a reader whose file is deleted while it reads, rather than send part of it', async () => {
    const key = 'helpdesk/prj_9/pg-3/database/gone.db';
    await store.put(key, crypto.randomBytes(4 * CHUNK_BYTES));
    const chunks = (await store.get(key))!.stream[Symbol.asyncIterator]();
    expect(((await chunks.next()).value as Buffer).length).toBe(CHUNK_BYTES);
    await store.delete(key);
    const rest = async () => {
      while (!(await chunks.next()).done);
    };
    await expect(rest()).rejects.toThrow('deleted or replaced while it was read');
  });

  it('lets two puts of one key race and keeps exactly one of them', async () => {
    const key = 'helpdesk/prj_9/pg-4/devicelogs/race.log';
    const contents = Array.from({ length: 6 }, (_, index) =>
      Buffer.alloc(CHUNK_BYTES + index, String(index)),
    );
    await Promise.all(contents.map((content) => store.put(key, content)));
    const listed = await store.list(key);
    expect(listed).toHaveLength(1);
    const kept = await readAll((await store.get(key))!.stream);
    expect(contents.some((content) => content.equals(kept))).toBe(true);
    expect(await unnamed()).toBe(0);
  });
});
