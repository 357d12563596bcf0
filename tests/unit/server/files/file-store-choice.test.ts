import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../server/config';
import type { Db } from '../../../../server/db/database';
import { fileStore } from '../../../../server/files/index';

describe('FILE_STORE', () => {
  it('defaults to the local folder on one node, and to the database with Redis (several nodes)', () => {
    expect(loadConfig({}).FILE_STORE).toBe('local');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).FILE_STORE).toBe('postgres');
  });

  it('takes an explicit choice either way, and refuses anything else', () => {
    expect(loadConfig({ FILE_STORE: 'postgres' }).FILE_STORE).toBe('postgres');
    const local = loadConfig({ FILE_STORE: 'local', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(local.FILE_STORE).toBe('local');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE=s3/);
  });

  it('keeps local files in DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-choice-'));
    try {
      const store = fileStore(loadConfig({ DATA_DIR: dataDir }), {} as Db);
      await store.put('helpdesk/prj_1/m/devicelogs/a.log', Buffer.from('a'));
      expect(fs.existsSync(path.join(dataDir, 'helpdesk/prj_1/m/devicelogs/a.log'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
