import crypto from 'node:crypto';
import { sql } from 'kysely';
import { PRODUCT } from '../../protocol/product';
import { ADMIN_RIGHTS } from '../../protocol/roles';
import type { Config } from '../config';
import { hashPassword } from '../identity/index';
import type { Db } from './database';
import { SEED_LOCK } from './seed';

export interface FirstAdmin {
  company: string;
  login: string;
  email: string;
}

/** Why the first administrator was not created, in a sentence for the operator. */
export class FirstAdminRefusal extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check({ company, login, email }: FirstAdmin): void {
  const problems = [
    !company.trim() && 'a company name (--company)',
    !login.trim() && 'a login (--login)',
    !EMAIL.test(email) && 'an e-mail address (--email)',
  ].filter(Boolean);
  if (problems.length > 0) throw new FirstAdminRefusal(`Give ${problems.join(', ')}.`);
}

/**
 * A database without the demo (DEMO_SEED=false) has nobody to sign in as: this creates the
 * company, its top administrator and this server's system environment, once. Returns the top
 * administrator's password, random and shown once; refused when a top administrator exists.
 */
export async function createFirstAdmin(db: Db, config: Config, given: FirstAdmin): Promise<string> {
  check(given);
  const company = given.company.trim();
  const login = given.login.trim();
  const password = crypto.randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    // The demo seed's lock: a node seeding the demo and this never interleave.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const top = await trx
      .selectFrom('core.users')
      .select('login')
      .where(sql<boolean>`upper(role) LIKE ${`%${PRODUCT}`}`)
      .executeTakeFirst();
    if (top) {
      throw new FirstAdminRefusal(
        `This database already has a top administrator (${top.login}): sign in as it to add companies and administrators.`,
      );
    }
    const taken = await trx
      .selectFrom('core.users')
      .select('id')
      .where(sql<boolean>`lower(login) = lower(${login})`)
      .executeTakeFirst();
    if (taken) throw new FirstAdminRefusal(`The login ${login} is taken.`);
    if (
      await trx
        .selectFrom('core.companies')
        .select('id')
        .where('name', '=', company)
        .executeTakeFirst()
    )
      throw new FirstAdminRefusal(`A company named ${company} exists.`);
    const created = await trx
      .insertInto('core.companies')
      .values({ name: company, tier: `${PRODUCT}_PRO` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('core.users')
      .values({
        company_id: created.id,
        login,
        email: given.email,
        password_hash: hash,
        role: PRODUCT,
        rights: ADMIN_RIGHTS,
      })
      .execute();
    await trx
      .insertInto('core.environments')
      .values({
        company_id: created.id,
        name: 'Local',
        url_manager: config.PUBLIC_URL,
        url_authority: config.issuer,
        system: true,
        max_licences: 1000,
      })
      .execute();
  });
  return password;
}
