import { storedNotification } from '../services/session/notification-texts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { uniformTree } from '../../protocol/access-tree';
import { PRODUCT } from '../../protocol/product';
import { ADMIN_RIGHTS } from '../../protocol/roles';
import type { Config } from '../config';
import { createDemoEnrolment, writeDemoEnrolment } from '../device/demo';
import { seedDemoMdm, type DemoMdmTokens } from '../mdm/demo';
import type { EnrolmentToken } from '../device/tokens';
import { hashPassword } from '../identity/index';
import type { Db } from './database';
import { migrateProjectSchema, projectSchemaName } from './projects';
import { seedDemoDeviceCatalogue } from './seed-devices';

export const DEMO_COMPANY = 'Demo';
export const CREDENTIALS_FILE = 'demo-credentials.txt';
/** The advisory lock of the first company's creation (the demo seed, first-admin.ts). */
export const SEED_LOCK = 727001;

const demoUsers = [
  { kind: 'top-admin', login: 'superadmin', role: PRODUCT, rights: ADMIN_RIGHTS, name: 'Super' },
  { kind: 'admin', login: 'admin', role: 'ADMIN', rights: ADMIN_RIGHTS, name: 'Admin' },
  { kind: 'user', login: 'usuario', role: 'USER', rights: 'USUARIO', name: 'Usuario' },
] as const;

export function randomPassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/**
 * A company with its first system environment (this server, at PUBLIC_URL): what the demo seed
 * and the first administrator (first-admin.ts) both start from.
 */
export async function insertCompany(
  trx: Db,
  config: Config,
  name: string,
): Promise<{ companyId: number; environmentId: number }> {
  const company = await trx
    .insertInto('core.companies')
    .values({ name, tier: `${PRODUCT}_PRO` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const environment = await trx
    .insertInto('core.environments')
    .values({
      company_id: company.id,
      name: 'Local',
      url_manager: config.PUBLIC_URL,
      url_authority: config.issuer,
      system: true,
      max_licences: 1000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, environmentId: environment.id };
}

const welcome = storedNotification('welcome');

/**
 * Creates the demo company, its users, a system environment and one project on first start.
 * Returns the credentials written, or null when the demo already existed. An advisory lock makes
 * two nodes starting at once seed only once.
 */
export async function seedDemo(db: Db, config: Config): Promise<string | null> {
  let enrolment: EnrolmentToken | null = null;
  let mdm: DemoMdmTokens | null = null;
  const credentials = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx
      .selectFrom('core.companies')
      .select('id')
      .where('name', '=', DEMO_COMPANY)
      .executeTakeFirst();
    if (existing) return null;
    const { companyId, environmentId } = await insertCompany(trx, config, DEMO_COMPANY);
    const lines: string[] = [];
    const userIds: number[] = [];
    for (const demo of demoUsers) {
      const password = randomPassword();
      const user = await trx
        .insertInto('core.users')
        .values({
          company_id: companyId,
          login: demo.login,
          email: `${demo.login}@demo.flota.local`,
          password_hash: await hashPassword(password),
          role: demo.role,
          rights: demo.rights,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(user.id);
      lines.push(`${demo.kind}\t${demo.login}\t${password}`);
    }
    const project = await trx
      .insertInto('core.projects')
      .values({
        pid: crypto.randomUUID(),
        company_id: companyId,
        owner_id: userIds[1],
        environment_id: environmentId,
        name: 'Demo',
        dbname: 'demo',
        schema_name: `pending_${crypto.randomUUID()}`,
        licences: 200,
      })
      .returning('numero')
      .executeTakeFirstOrThrow();
    const schema = projectSchemaName(project.numero);
    await trx
      .updateTable('core.projects')
      .set({ schema_name: schema })
      .where('numero', '=', project.numero)
      .execute();
    await migrateProjectSchema(trx, schema);
    await seedDemoDeviceCatalogue(trx, schema);
    // The ordinary demo user reads the demo project (docs/decisions.md, Projects and sharing).
    await trx
      .insertInto('core.project_shares')
      .values({
        numero: project.numero,
        user_id: userIds[2],
        permissions: JSON.stringify({}),
        env_permissions: JSON.stringify({}),
        access: JSON.stringify(uniformTree(true, false)),
        shared_by: userIds[1],
      })
      .execute();
    enrolment = await createDemoEnrolment(trx, config, project.numero, userIds[1]);
    // Managed devices of the simulated fleet enrol with these (docs/mdm.md).
    if (config.DEMO_MDM) mdm = await seedDemoMdm(trx, companyId, project.numero);
    await trx
      .insertInto('core.notifications')
      .values(userIds.map((id) => ({ company_id: companyId, user_id: id, ...welcome })))
      .execute();
    return lines.join('\n') + '\n';
  });
  if (credentials) {
    const file = path.join(config.DATA_DIR, CREDENTIALS_FILE);
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(
      file,
      `# role\tlogin\tpassword (written once, on first start)\n${credentials}`,
      { mode: 0o600 },
    );
  }
  if (enrolment) writeDemoEnrolment(config, enrolment, mdm);
  return credentials;
}
