import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  FileKeyError,
  HEAD_BYTES,
  SourceClosedError,
  type FileStore,
  type WrittenFile,
} from '../../server/files/index';
import { readAll } from '../../server/files/streams';

/** A stream of `data` in pieces of `piece` bytes, so a store sees many writes. */
export function pieces(data: Buffer, piece = 10_000): Readable {
  const parts: Buffer[] = [];
  for (let start = 0; start < data.length; start += piece) {
    parts.push(data.subarray(start, start + piece));
  }
  return Readable.from(parts);
}

/** A stream that sends `data`, then fails as a cut-off upload does. */
function failingAfter(data: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield data;
      throw new Error('request body cut off');
    })(),
  );
}

async function bytesOf(store: FileStore, key: string): Promise<Buffer | null> {
  const opened = await store.get(key);
  return opened && readAll(opened.stream);
}

/**
 * What every FileStore does, whatever keeps its bytes: the local folder (unit tests) and the
 * database (integration tests) run the same cases.
 */
export function fileStoreContract(name: string, open: () => FileStore): void {
  describe(`${name}: the FileStore contract`, () => {
    const store = () => open();
    const folder = () => `helpdesk/prj_1/dev-${crypto.randomBytes(4).toString('hex')}`;

    it('stores a buffer and answers its bytes, size and time', async () => {
      const key = `${folder()}/devicelogs/a.log`;
      const before = Date.now();
      const stored = await store().put(key, Buffer.from('INFO hola\n'));
      expect(stored).toMatchObject({ key, size: 10 });
      expect(stored.modified.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(await store().stat(key)).toEqual(stored);
      const opened = await store().get(key);
      expect(opened).toMatchObject({ key, size: 10 });
      expect((await readAll(opened!.stream)).toString()).toBe('INFO hola\n');
    });

    it('streams a file of several chunks in and out unchanged', async () => {
      const key = `${folder()}/database/agent.db`;
      const data = crypto.randomBytes(700 * 1024 + 123);
      expect((await store().put(key, pieces(data))).size).toBe(data.length);
      expect((await bytesOf(store(), key))!.equals(data)).toBe(true);
    });

    it('stores an empty file', async () => {
      const key = `${folder()}/errorlogs/empty.log`;
      expect((await store().put(key, Buffer.alloc(0))).size).toBe(0);
      expect(await bytesOf(store(), key)).toEqual(Buffer.alloc(0));
    });

    it('answers null for a file that is not there', async () => {
      const key = `${folder()}/devicelogs/none.log`;
      expect(await store().stat(key)).toBeNull();
      expect(await store().get(key)).toBeNull();
      expect(await store().delete(key)).toBe(false);
    });

    it('replaces the file of the same key', async () => {
      const key = `${folder()}/devicelogs/same.log`;
      await store().put(key, Buffer.from('first'));
      await store().put(key, Buffer.from('second, longer'));
      expect((await bytesOf(store(), key))!.toString()).toBe('second, longer');
      expect(await store().list(key)).toEqual([expect.objectContaining({ key, size: 14 })]);
    });

    it('lists by prefix, a folder or the beginning of a name, with sizes and times', async () => {
      const device = folder();
      await store().put(`${device}/devicelogs/one.log`, Buffer.from('1'));
      await store().put(`${device}/devicelogs/two.log`, Buffer.from('22'));
      await store().put(`${device}/errorlogs/three.log`, Buffer.from('333'));
      await store().put(`${device}x/devicelogs/other.log`, Buffer.from('4444'));
      const all = await store().list(`${device}/`);
      expect(all.map((file) => [file.key, file.size]).sort()).toEqual([
        [`${device}/devicelogs/one.log`, 1],
        [`${device}/devicelogs/two.log`, 2],
        [`${device}/errorlogs/three.log`, 3],
      ]);
      expect(all.every((file) => file.modified instanceof Date)).toBe(true);
      const partial = await store().list(`${device}/devicelogs/t`);
      expect(partial.map((file) => file.key)).toEqual([`${device}/devicelogs/two.log`]);
      expect(await store().list(`${device}/replica/`)).toEqual([]);
    });

    it('shows check the size and first bytes, and keeps nothing it refuses', async () => {
      const key = `${folder()}/screenshots/shot.png`;
      const data = crypto.randomBytes(300 * 1024);
      let seen: WrittenFile | null = null;
      const refusal = new Error('not an image');
      const refused = store().put(key, pieces(data), {
        check: async (written) => {
          seen = written;
          throw refusal;
        },
      });
      await expect(refused).rejects.toBe(refusal);
      expect(seen!.size).toBe(data.length);
      expect(seen!.head.equals(data.subarray(0, HEAD_BYTES))).toBe(true);
      expect(await store().stat(key)).toBeNull();
      expect(await store().list(key)).toEqual([]);
    });

    it('keeps the old file when its replacement is refused or cut off', async () => {
      const key = `${folder()}/kiosklogs/kept.log`;
      await store().put(key, Buffer.from('old'));
      const refuse = async () => {
        throw new Error('refused');
      };
      await expect(store().put(key, Buffer.from('new'), { check: refuse })).rejects.toThrow();
      await expect(store().put(key, failingAfter(Buffer.alloc(400 * 1024)))).rejects.toThrow(
        'request body cut off',
      );
      expect((await bytesOf(store(), key))!.toString()).toBe('old');
    });

    it('keeps nothing of a source that fails, and refuses one already closed', async () => {
      const key = `${folder()}/devicelogs/cut.log`;
      await expect(store().put(key, failingAfter(Buffer.alloc(600 * 1024)))).rejects.toThrow(
        'request body cut off',
      );
      expect(await store().stat(key)).toBeNull();
      const closed = Readable.from([Buffer.from('x')]);
      closed.destroy();
      await expect(store().put(key, closed)).rejects.toBeInstanceOf(SourceClosedError);
      expect(await store().stat(key)).toBeNull();
    });

    it('deletes one file, then a whole prefix, answering how many', async () => {
      const device = folder();
      await store().put(`${device}/devicelogs/a.log`, Buffer.from('a'));
      await store().put(`${device}/devicelogs/b.log`, Buffer.from('b'));
      await store().put(`${device}/errorlogs/c.log`, Buffer.from('c'));
      await store().put(`${device}-2/errorlogs/d.log`, Buffer.from('d'));
      expect(await store().delete(`${device}/devicelogs/a.log`)).toBe(true);
      expect(await store().delete(`${device}/devicelogs/a.log`)).toBe(false);
      expect(await store().deletePrefix(`${device}/`)).toBe(2);
      expect(await store().list(`${device}/`)).toEqual([]);
      expect(await store().stat(`${device}-2/errorlogs/d.log`)).not.toBeNull();
      expect(await store().deletePrefix(`${device}/`)).toBe(0);
    });

    it.each([
      '../escape.log',
      '/etc/passwd',
      'helpdesk//a.log',
      'helpdesk/../a.log',
      'helpdesk/./a.log',
      'helpdesk/a.log/',
      'helpdesk\\a.log',
      'helpdesk/a log',
      'helpdesk/a\0.log',
      'helpdesk/.upload-0000000000000000',
      '',
    ])('refuses the key %j', async (key) => {
      await expect(store().put(key, Buffer.from('x'))).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().stat(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().get(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().delete(key)).rejects.toBeInstanceOf(FileKeyError);
    });

    it('refuses a prefix that is not one, and deleting everything', async () => {
      await expect(store().list('../')).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().list('helpdesk/../')).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().deletePrefix('')).rejects.toBeInstanceOf(FileKeyError);
    });
  });
}
