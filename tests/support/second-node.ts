import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { connect } from '../../server/db/database';
import type { TestApp } from './app';

export interface SecondNode {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A second server node on the test app's database, with its own pool and DATA_DIR. */
export async function buildSecondNode(t: TestApp): Promise<SecondNode> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-node-b-'));
  const db = connect(t.database.url, 5);
  const app = await buildApp({
    config: { ...t.config, DATA_DIR: dataDir },
    db,
    sandbox: t.database.sandbox,
  });
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
