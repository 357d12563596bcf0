import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateCore } from '../../server/db/database';
import { startEmbedded, type EmbeddedDatabase } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per test run: the embedded one in a temporary folder, or the server of
 * DATABASE_URL. A migrated template database is made once; each test file copies it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-pg-'));
    fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
    embedded = await startEmbedded(path.join(dir, 'postgres'), 'postgres');
    adminUrl = embedded.url;
  }
  const template = `flota_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const db = connect(templateUrl.toString(), 1);
  await migrateCore(db);
  await db.destroy();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
