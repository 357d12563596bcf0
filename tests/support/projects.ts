import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database';
import type { TestApp } from './app';

/** The result of a call that must succeed. */
export async function ok<T = any>(
  t: TestApp,
  operation: string,
  parameter: unknown,
  token: string,
): Promise<T> {
  const { body } = await t.call(operation, parameter, token);
  expect(body.error, `${operation} ${JSON.stringify(parameter)?.slice(0, 200)}`).toEqual({
    code: '0',
    description: '',
  });
  return body.result as T;
}

/** The description of a call that must be refused with code '-1'. */
export async function refused(
  t: TestApp,
  operation: string,
  parameter: unknown,
  token: string,
): Promise<string> {
  const { body } = await t.call(operation, parameter, token);
  expect(body.error.code, `${operation} should be refused: ${JSON.stringify(body)}`).toBe('-1');
  return body.error.description as string;
}

/** The Demo company's id. */
export async function demoCompany(db: Db): Promise<number> {
  const { id } = await db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  return id;
}

/** A user's id by login. */
export async function userIdOf(db: Db, login: string): Promise<number> {
  const { id } = await db
    .selectFrom('core.users')
    .select('id')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  return id;
}

/** A user of a company: an ordinary user unless `admin`. */
export async function createUser(
  db: Db,
  companyId: number,
  login: string,
  admin = false,
): Promise<number> {
  const { id } = await db
    .insertInto('core.users')
    .values({
      company_id: companyId,
      login,
      email: `${login}@demo.flota.local`,
      password_hash: 'not-a-hash',
      role: admin ? 'ADMIN' : 'USER',
      rights: admin ? 'ADMINISTRADOR' : 'USUARIO',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An environment row of a company. */
export async function createEnvironment(
  db: Db,
  values: {
    companyId: number;
    name: string;
    urlManager: string;
    urlAuthority: string;
    system: boolean;
    maxLicences?: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('core.environments')
    .values({
      company_id: values.companyId,
      name: values.name,
      url_manager: values.urlManager,
      url_authority: values.urlAuthority,
      system: values.system,
      max_licences: values.maxLicences ?? 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What a refused call must leave untouched: projects, project schemas, shares, publications. */
export async function footprint(db: Db) {
  const counts = await sql<{
    projects: number;
    schemas: number;
    shares: number;
    published: number;
  }>`
    SELECT (SELECT count(*)::int FROM core.projects) AS projects,
           (SELECT count(*)::int FROM pg_namespace WHERE nspname LIKE 'prj\\_%') AS schemas,
           (SELECT count(*)::int FROM core.project_shares) AS shares,
           (SELECT count(*)::int FROM core.project_publications) AS published
  `.execute(db);
  return counts.rows[0];
}

/** Whether a table exists. */
export async function tableExists(db: Db, schema: string, table: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    SELECT to_regclass(${`${schema}.${table}`}) IS NOT NULL AS found
  `.execute(db);
  return result.rows[0].found;
}
