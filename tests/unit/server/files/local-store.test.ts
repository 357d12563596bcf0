import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileKeyError, localFileStore } from '../../../../server/files/index';
import { fileStoreContract, pieces } from '../../../support/file-store-contract';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

fileStoreContract('local folder', () => localFileStore(root));

describe('local folder: on the disk', () => {
  const store = localFileStore(root);

  it('keeps a key at that path below the root, private to its owner', async () => {
    await store.put('helpdesk/prj_2/disk-1/devicelogs/a.log', Buffer.from('INFO\n'));
    const file = path.join(root, 'helpdesk', 'prj_2', 'disk-1', 'devicelogs', 'a.log');
    expect(fs.readFileSync(file, 'utf8')).toBe('INFO\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('writes a temporary file that is never listed, and removes it when the put fails', async () => {
    const folder = path.join(root, 'helpdesk', 'prj_2', 'disk-2', 'devicelogs');
    const refused = store.put(
      'helpdesk/prj_2/disk-2/devicelogs/b.log',
      pieces(Buffer.alloc(5000)),
      {
        check: async () => {
          const names = fs.readdirSync(folder);
          expect(names).toEqual([expect.stringMatching(/^\.upload-[0-9a-f]{16}$/)]);
          expect(await store.list('helpdesk/prj_2/disk-2/')).toEqual([]);
          throw new Error('refused');
        },
      },
    );
    await expect(refused).rejects.toThrow('refused');
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('follows no link planted below the root', async () => {
    const device = path.join(root, 'helpdesk', 'prj_2', 'disk-3');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(path.join(device, 'devicelogs'), { recursive: true });
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.log'), 'secret');
    fs.writeFileSync(path.join(device, 'devicelogs', 'real.log'), 'real');
    fs.symlinkSync(path.join(outside, 'secret.log'), path.join(device, 'devicelogs', 'link.log'));
    fs.symlinkSync(outside, path.join(device, 'errorlogs'));

    const listed = await store.list('helpdesk/prj_2/disk-3/');
    expect(listed.map((file) => file.key)).toEqual(['helpdesk/prj_2/disk-3/devicelogs/real.log']);
    expect(await store.list('helpdesk/prj_2/disk-3/errorlogs/')).toEqual([]);
    for (const key of [
      'helpdesk/prj_2/disk-3/devicelogs/link.log',
      'helpdesk/prj_2/disk-3/errorlogs/secret.log',
    ]) {
      await expect(store.stat(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(FileKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(FileKeyError);
    }
    await expect(
      store.put('helpdesk/prj_2/disk-3/errorlogs/new.log', Buffer.from('x')),
    ).rejects.toBeInstanceOf(FileKeyError);
    expect(fs.readdirSync(outside)).toEqual(['secret.log']);

    // Deleting the folder removes the links, never what they lead to.
    expect(await store.deletePrefix('helpdesk/prj_2/disk-3/')).toBe(1);
    expect(fs.existsSync(device)).toBe(false);
    expect(fs.readFileSync(path.join(outside, 'secret.log'), 'utf8')).toBe('secret');
  });
});
