import { sql } from 'kysely';
import { z } from 'zod';
import { createUser } from '../admin/users';
import { defineOperation } from '../registry';
import { delegate } from './delegate';
import { readerOf, specRefusal } from './texts';

/**
 * `createUserInAdmin` {emailFromEnterprisesel, username, email, pwd, role, twofactor?} (002 §7
 * "Create user in admin"): the top administrator creates a user in the company of the user whose
 * e-mail is `emailFromEnterprisesel` (the enterprise chosen in /app/xoneadmin), as `createUser`
 * with that company's `idcia`: its quota, checks and answer.
 */
export const createUserInAdmin = defineOperation({
  name: 'createUserInAdmin',
  parameter: z.looseObject({ emailFromEnterprisesel: z.string().trim().min(1).max(254) }),
  permission: 'topadmin',
  async handler({ emailFromEnterprisesel, ...rest }, ctx) {
    const { rows } = await sql<{ company_id: number }>`
      SELECT company_id FROM core.users
      WHERE lower(email) = lower(${emailFromEnterprisesel}) AND company_id IS NOT NULL
      ORDER BY id LIMIT 1`.execute(ctx.db);
    if (!rows[0])
      throw specRefusal(readerOf(ctx), 'enterpriseNotFound', { email: emailFromEnterprisesel });
    return delegate(createUser, { ...rest, idcia: rows[0].company_id }, ctx, 'createUserInAdmin');
  },
});
