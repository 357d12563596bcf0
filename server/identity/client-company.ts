import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import { LOGIN_CLIENT_PREFIX } from './registered-clients';

/**
 * A company's login client (/app/security) signs in only that company's users, active ones
 * (docs/decisions.md, "A login client signs in its company's users"). The console and `xmanager`
 * are every user's; null means no limit.
 */
export async function clientCompany(db: Db, clientId: unknown): Promise<number | null> {
  if (typeof clientId !== 'string' || !clientId.startsWith(LOGIN_CLIENT_PREFIX)) return null;
  const row = await db
    .selectFrom('core.identity_clients')
    .select('company_id')
    .where('clientid', '=', clientId)
    .executeTakeFirst();
  // A client gone meanwhile has nobody to sign in: -1 is no company.
  return row?.company_id ?? -1;
}

/** Whether a user may sign in to a client: any client's, or an active user of its company. */
export async function userFitsClient(db: Db, clientId: unknown, userId: number): Promise<boolean> {
  const company = await clientCompany(db, clientId);
  if (company === null) return true;
  const row = await db
    .selectFrom('core.users')
    .select('id')
    .where('id', '=', userId)
    .where('company_id', '=', company)
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A check of the login prompt: a session of a user the client does not take (signed in to the
 * console, say, as another company's user) is asked to sign in again instead of getting a code
 * silently; the sign-in page then refuses anyone but the client's company's users.
 */
export function clientCompanyCheck(db: Db) {
  const { Check } = interactionPolicy;
  return new Check(
    'client_company',
    "The signed-in user is not of the login client's company",
    'login_required',
    async (ctx: KoaContextWithOIDC) => {
      const accountId = Number(ctx.oidc.session?.accountId);
      if (!Number.isSafeInteger(accountId)) return Check.NO_NEED_TO_PROMPT;
      const fits = await userFitsClient(db, ctx.oidc.client?.clientId, accountId);
      return fits ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    },
  );
}
