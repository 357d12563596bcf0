import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ErrorCode } from '../../../protocol/envelope';
import { ADMIN_RIGHTS, isAdmin } from '../../../protocol/roles';
import { newSecret } from '../../device/secrets';
import { languageOf } from '../../messages';
import { secretBox } from '../../secrets/box';
import { menuGateRefusal } from '../../services/access/menu-gate';
import { companyOf } from '../../services/organization/company-of';
import { organizationRefusal } from '../../services/organization/texts';
import { ServiceError, type OperationContext } from '../../services/registry';
import {
  boundProject,
  clientExtras,
  clientIdTaken,
  namedByClientId,
  suppliedCredentials,
} from '../../services/security/client-project';
import { parseRedirectUris } from '../../services/security/redirects';
import { specRefusal } from '../../services/spec-calls/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * The identity clients' rules (002 §2, §6, §7; docs/identity.md): the engine serves their list,
 * show, create and delete on core.identity_clients, keyed by the text `clientid`; what is not
 * CRUD is here. Each type of client is gated by its index of the caller's menu tree; an API
 * client's rights are at most its creator's, and its secret is answered once and kept sealed; a
 * login client needs redirect URIs, each https or http on localhost; a client may be bound to a
 * project the caller reaches and take a supplied identifier and password (the specification's
 * call). Only its creator or an administrator deletes one, and its grants go with it.
 */

/** Advisory lock class of a chosen identifier; the second key is its hash. */
const CLIENT_ID_LOCK = 727034;

/** The caller's menu tree must allow this type's index (002 §6 security indices). */
async function checkIndex(
  ctx: OperationContext,
  verb: 'createClient' | 'deleteClient',
  type: unknown,
) {
  const denied = await menuGateRefusal(
    `${verb} ${String(type)}`,
    {},
    ctx,
    languageOf(ctx.user.language),
  );
  if (denied) throw new ServiceError(denied, ErrorCode.forbidden, 403);
}

/** Security is managed by people: an API client's token never manages clients (no escalation). */
function managerCompany(ctx: OperationContext): number {
  if (!ctx.config.embeddedIssuer) throw organizationRefusal(ctx.user, 'embeddedOnly');
  if (ctx.user.apiClient) throw organizationRefusal(ctx.user, 'apiClientCaller');
  return companyOf(ctx.user);
}

/** The identifier the caller chose (free, under a lock until the write commits) or a new one. */
async function clientIdOf(hook: HookContext, type: string, chosen: string | undefined) {
  if (chosen === undefined) return `flota-${type}-${randomBytes(9).toString('base64url')}`;
  await sql`SELECT pg_advisory_xact_lock(${CLIENT_ID_LOCK}::int, hashtext(${chosen}))`.execute(
    hook.trx,
  );
  if (await clientIdTaken({ ...hook.ctx, db: hook.trx }, chosen))
    throw specRefusal(hook.ctx.user, 'clientTaken', { clientid: chosen });
  return chosen;
}

/** The given values as stored: rights and redirect URIs by the client's type, checked. */
function byType(ctx: OperationContext, values: Row) {
  const type = String(values.type);
  const rights = String(values.rights || 'USUARIO');
  if (type === 'api' && rights === ADMIN_RIGHTS && !isAdmin(ctx.user.profile))
    throw organizationRefusal(ctx.user, 'rightsAbove');
  const { uris, bad } = parseRedirectUris(values.redirect_uris as string | null | undefined);
  if (type === 'login') {
    if (bad) throw organizationRefusal(ctx.user, 'badRedirect', { uri: bad });
    if (uris.length === 0) throw organizationRefusal(ctx.user, 'redirectRequired');
  }
  return {
    rights: type === 'api' ? rights : '',
    redirect_uris: type === 'login' ? uris : [],
  };
}

export const identityClientsHooks: ResourceHooks = {
  company: managerCompany,
  // The specification's call sends no name: the client is named by its identifier then.
  given: (sent) => namedByClientId({ ...sent, clientid: sent.id }) as Row,
  // 002 §3 Client: the project it is bound to, a chosen identifier (`id`; `clientid` on the
  // specification's call) and an API client's chosen password, never written as given.
  createParameters: {
    dbid: clientExtras.dbid,
    pid: clientExtras.pid,
    pwd: clientExtras.pwd,
    id: clientExtras.clientid,
  },
  async beforeCreate(values, hook) {
    const { ctx } = hook;
    const { dbid, pid, id, pwd, name, type } = values as Record<
      string,
      string | number | undefined
    >;
    await checkIndex(ctx, 'createClient', type);
    const stored = byType(ctx, values);
    const kind = type === 'login' ? 'login' : 'api';
    const supplied = suppliedCredentials(ctx, kind, {
      clientid: id as string | undefined,
      pwd: pwd as string | undefined,
    });
    const numero = await boundProject(ctx, {
      dbid: dbid as number | undefined,
      pid: pid as string | undefined,
    });
    const clientid = await clientIdOf(hook, kind, supplied.clientid);
    const secret = kind === 'api' ? (supplied.pwd ?? newSecret()) : null;
    // Shown once: it is never read back (a supplied one too, as the caller sent it).
    if (secret) hook.answerOnce?.({ pwd: secret });
    return {
      id: clientid,
      name,
      type: kind,
      ...stored,
      dbid: numero,
      sealed_secret: secret ? await secretBox(ctx.config, ctx.db).seal(secret) : null,
      created_by: ctx.user.id,
      created_login: ctx.user.login,
    };
  },
  async beforeDelete(before, hook) {
    const { ctx } = hook;
    await checkIndex(ctx, 'deleteClient', before.type);
    const { created_by } = await hook.trx
      .selectFrom('core.identity_clients')
      .select('created_by')
      .where('clientid', '=', String(before.id))
      .executeTakeFirstOrThrow();
    if (created_by !== ctx.user.id && !isAdmin(ctx.user.profile))
      throw organizationRefusal(ctx.user, 'clientNotYours');
  },
  // Its grants and refresh tokens go too (a login client's users' sessions stay theirs); the
  // provider reads clients from the table on each request, so its tokens stop at once.
  async afterDelete(before, hook) {
    await hook.trx
      .deleteFrom('core.oidc_payloads')
      .where(sql<boolean>`payload @> ${JSON.stringify({ clientId: before.id })}::jsonb`)
      .execute();
  },
  // As 002 §3 Client answers them: the bound project's number and pid, the URIs one per line.
  async present(rows, ctx) {
    const numbers = [...new Set(rows.map((row) => row.dbid).filter((n) => n !== null))];
    const projects =
      numbers.length === 0
        ? []
        : await ctx.db
            .selectFrom('core.projects')
            .select(['numero', 'pid'])
            .where('numero', 'in', numbers as number[])
            .execute();
    const pid = new Map(projects.map((p) => [p.numero, p.pid]));
    return rows.map((row) => ({
      ...row,
      numero: row.dbid,
      pid: pid.get(row.dbid as number) ?? null,
      redirect_uris: Array.isArray(row.redirect_uris)
        ? row.redirect_uris.join('\n')
        : row.redirect_uris,
    }));
  },
};
