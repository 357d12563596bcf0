import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateCore } from '../../server/db/database';
import { releaseExitHooks, startEmbedded, type EmbeddedDatabase } from '../../server/db/embedded';
import {
  EMBEDDED_APP_ROLE,
  ensureLoginRole,
  prepareDatabase,
  withClient,
  withCredentials,
} from '../../server/db/roles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's superuser: creates and drops the test databases and roles. */
    adminUrl: string;
    /** The application role the tests connect as (not a superuser), and its password. */
    appRole: string;
    appPassword: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per test run: the embedded one in a temporary folder, or the server whose
 * superuser DATABASE_URL names (CI). Like an operator (docs/operations.md), it creates the
 * application's role; a template database owned by that role is migrated by it once, and each
 * test file copies it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  // Else a failed run on an external PostgreSQL would exit 0 (see releaseExitHooks).
  releaseExitHooks();
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-pg-'));
    embedded = await startEmbedded(path.join(dir, 'postgres'), 'postgres');
    adminUrl = embedded.url;
  }
  // A role of this run only on a shared server, so runs side by side do not disturb each other.
  const appRole = embedded ? EMBEDDED_APP_ROLE : `flota_app_t${process.pid}`;
  const appPassword = crypto.randomBytes(18).toString('base64url');
  const template = `flota_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await ensureLoginRole(admin, appRole, appPassword);
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template} OWNER ${appRole}`);
  const templateAdminUrl = withCredentials(adminUrl, { database: template });
  await withClient(templateAdminUrl, (client) => prepareDatabase(client, appRole));
  const db = connect(
    withCredentials(adminUrl, { user: appRole, password: appPassword, database: template }),
    1,
  );
  await migrateCore(db);
  await db.destroy();
  project.provide('adminUrl', adminUrl);
  project.provide('appRole', appRole);
  project.provide('appPassword', appPassword);
  project.provide('templateDatabase', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    if (!embedded) {
      await admin
        .query(`DROP ROLE IF EXISTS ${appRole}`)
        .catch((error: Error) => console.warn(`${appRole} remains: ${error.message}`));
    }
    await admin.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
