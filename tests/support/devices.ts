import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { migrateProjectSchema, projectSchemaName } from '../../server/db/projects';

export interface TestProject {
  numero: number;
  schema: string;
}

/** The seeded demo project (owner: admin). */
export async function demoProject(db: Db): Promise<TestProject> {
  const row = await db
    .selectFrom('core.projects')
    .select(['numero', 'schema_name'])
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  return { numero: row.numero, schema: row.schema_name };
}

/** A migrated project of a company, owned by `ownerLogin`. */
export async function createProject(
  db: Db,
  {
    companyId,
    ownerLogin,
    name,
    licences = 10,
  }: { companyId: number; ownerLogin: string; name: string; licences?: number },
): Promise<TestProject> {
  const owner = await db
    .selectFrom('core.users')
    .select('id')
    .where('login', '=', ownerLogin)
    .executeTakeFirstOrThrow();
  const environment = await db
    .selectFrom('core.environments')
    .select('id')
    .executeTakeFirstOrThrow();
  return db.transaction().execute(async (trx) => {
    const { numero } = await trx
      .insertInto('core.projects')
      .values({
        pid: crypto.randomUUID(),
        company_id: companyId,
        owner_id: owner.id,
        environment_id: environment.id,
        name,
        dbname: `db_${crypto.randomUUID().replaceAll('-', '_')}`,
        schema_name: `pending_${crypto.randomUUID()}`,
        licences,
      })
      .returning('numero')
      .executeTakeFirstOrThrow();
    const schema = projectSchemaName(numero);
    await trx
      .updateTable('core.projects')
      .set({ schema_name: schema })
      .where('numero', '=', numero)
      .execute();
    await migrateProjectSchema(trx, schema);
    return { numero, schema };
  });
}

/** Another company with an administrator `login` and one project of its own. */
export async function createOtherCompany(
  db: Db,
  login: string,
): Promise<TestProject & { companyId: number }> {
  const company = await db
    .insertInto('core.companies')
    .values({ name: `Otra ${login}`, tier: 'FLOTA_PRO' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('core.users')
    .values({
      company_id: company.id,
      login,
      email: `${login}@otra.example`,
      password_hash: 'not-a-hash',
      role: 'ADMIN',
      rights: 'ADMINISTRADOR',
    })
    .execute();
  const project = await createProject(db, {
    companyId: company.id,
    ownerLogin: login,
    name: `Proyecto ${login}`,
  });
  return { ...project, companyId: company.id };
}

/** Inserts `count` devices `MID <prefix>-<n>` with one INSERT … SELECT generate_series. */
export async function insertDevices(
  db: Db,
  schema: string,
  count: number,
  prefix = 'DEV',
): Promise<void> {
  await sql`
    INSERT INTO ${sql.id(schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS", "SINCRONISMO")
    SELECT ${prefix} || '-' || i, 'Owner ' || i, 'ANDROID', 2, now()
    FROM generate_series(1, ${count}::int) AS i
  `.execute(db);
}

/** How many rows of a project table belong to one device (its "MID"). */
export async function rowsOfDevice(
  db: Db,
  project: TestProject,
  table: string,
  mid: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.id(project.schema, table)} WHERE "MID" = ${mid}
  `.execute(db);
  return rows[0].n;
}
