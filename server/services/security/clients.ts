import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { IDENTITY_CLIENTS } from '../../../protocol/resources/identity-clients';
import { ADMIN_RIGHTS, isAdmin } from '../../../protocol/roles';
import { recordAction } from '../../actions-log';
import { isUniqueViolation } from '../../db/errors';
import { newSecret } from '../../device/secrets';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { recordParameter } from '../../resources/record-parameter';
import { secretBox } from '../../secrets/box';
import { ErrorCode } from '../../../protocol/envelope';
import { languageOf } from '../../messages';
import { menuGateRefusal } from '../access/menu-gate';
import { defineOperation, ServiceError, type OperationContext } from '../registry';
import { companyOf, escapeLike } from '../organization/company-of';
import { organizationRefusal } from '../organization/texts';
import { parseRedirectUris } from './redirects';
import {
  boundProject,
  clientExtras,
  clientIdTaken,
  namedByClientId,
  suppliedCredentials,
  type ClientExtras,
} from './client-project';
import { specRefusal } from '../spec-calls/texts';

/** The caller's menu tree must allow this type's index (002 §6 security indices). */
async function checkIndex(
  ctx: OperationContext,
  verb: 'createClient' | 'deleteClient',
  type: string,
) {
  const denied = await menuGateRefusal(`${verb} ${type}`, {}, ctx, languageOf(ctx.user.language));
  if (denied) throw new ServiceError(denied, ErrorCode.forbidden, 403);
}

/** Security is managed by people: an API client's token never manages clients (no escalation). */
function managerCompany(ctx: OperationContext): number {
  if (!ctx.config.embeddedIssuer) throw organizationRefusal(ctx.user, 'embeddedOnly');
  if (ctx.user.apiClient) throw organizationRefusal(ctx.user, 'apiClientCaller');
  return companyOf(ctx.user);
}

const FILTER_COLUMNS = {
  name: sql.ref('c.name'),
  type: sql.ref('c.type'),
  clientid: sql.ref('c.clientid'),
  rights: sql.ref('c.rights'),
  created_login: sql.ref('c.created_login'),
};

/** `clients` {datatable, filter} (002 §7 "List clients"): the company's clients, never a secret. */
export const clients = defineOperation({
  name: 'clients',
  parameter: z.object({
    datatable: datatableSchema
      .extend({
        orderBy: z
          .enum(['name', 'type', 'clientid', 'rights', 'created_login', 'created_at'])
          .default('created_at'),
      })
      .default({ start: 0, length: 25, orderBy: 'created_at', orderDir: 'desc' }),
    filter: plainFilterSchema({ q: z.string().max(200).optional() }),
    ...rowFilterParameters,
  }),
  permission: 'user',
  async handler({ datatable, filter, ...given }, ctx) {
    const filters = definitionFilters(
      IDENTITY_CLIENTS,
      FILTER_COLUMNS,
      { filter, ...given },
      ctx.user,
    );
    let query = ctx.db
      .selectFrom('core.identity_clients as c')
      .where('c.company_id', '=', managerCompany(ctx))
      .where(filters);
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) =>
        eb.or([eb('c.name', 'ilike', like), eb('c.clientid', 'ilike', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select([
          'c.clientid',
          'c.name',
          'c.type',
          'c.rights',
          'c.redirect_uris',
          'c.numero',
          'c.created_login',
          'c.created_at',
          (eb) =>
            eb
              .selectFrom('core.projects as p')
              .select('p.pid')
              .whereRef('p.numero', '=', 'c.numero')
              .as('pid'),
        ])
        .orderBy(`c.${datatable.orderBy}`, datatable.orderDir)
        .orderBy('c.clientid')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        ...row,
        id: row.clientid,
        dbid: row.numero,
        redirect_uris: row.redirect_uris.join('\n'),
      })),
      total: Number(count.total),
    };
  },
});

interface ClientInput extends ClientExtras {
  name: string;
  type: 'api' | 'login';
  rights?: string | null;
  redirect_uris?: string | null;
}

/**
 * `createClient` {name, type, rights?, redirect_uris?, dbid?, pid?, clientid?, pwd?} (002 §7
 * "Create client"): registered in the embedded provider at once (it reads clients from
 * core.identity_clients). An API client gets a secret, answered here once and kept only sealed;
 * its rights are at most the caller's. A login client gets its redirect URIs, each https or http
 * on localhost. As the specification's call sends them, a client may be bound to a project the
 * caller reaches (`dbid` and/or `pid`) and take a supplied identifier and (API) password; the
 * name is then the identifier when none is given.
 */
export const createClient = defineOperation({
  name: 'createClient',
  parameter: z.preprocess(
    namedByClientId,
    recordParameter(IDENTITY_CLIENTS, 'create', clientExtras),
  ),
  permission: 'user',
  async handler(parameter, ctx) {
    const given = parameter as unknown as ClientInput;
    const companyId = managerCompany(ctx);
    await checkIndex(ctx, 'createClient', given.type);
    const rights = given.rights || 'USUARIO';
    if (given.type === 'api' && rights === ADMIN_RIGHTS && !isAdmin(ctx.user.profile)) {
      throw organizationRefusal(ctx.user, 'rightsAbove');
    }
    const { uris, bad } = parseRedirectUris(given.redirect_uris);
    if (given.type === 'login') {
      if (bad) throw organizationRefusal(ctx.user, 'badRedirect', { uri: bad });
      if (uris.length === 0) throw organizationRefusal(ctx.user, 'redirectRequired');
    }
    const supplied = suppliedCredentials(ctx, given.type, given);
    const numero = await boundProject(ctx, given);
    const clientid =
      supplied.clientid ?? `flota-${given.type}-${randomBytes(9).toString('base64url')}`;
    if (supplied.clientid && (await clientIdTaken(ctx, clientid)))
      throw specRefusal(ctx.user, 'clientTaken', { clientid });
    const secret = given.type === 'api' ? (supplied.pwd ?? newSecret()) : null;
    const row = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('core.identity_clients')
          .values({
            clientid,
            company_id: companyId,
            type: given.type,
            name: given.name,
            rights: given.type === 'api' ? rights : '',
            redirect_uris: given.type === 'login' ? uris : [],
            sealed_secret: secret ? await secretBox(ctx.config, ctx.db).seal(secret) : null,
            numero,
            created_by: ctx.user.id,
            created_login: ctx.user.login,
          })
          .returning([
            'clientid',
            'name',
            'type',
            'rights',
            'redirect_uris',
            'numero',
            'created_login',
            'created_at',
          ])
          .executeTakeFirstOrThrow();
        await recordAction(
          ctx,
          'client_created',
          { name: given.name, clientid, type: given.type },
          trx,
        );
        return created;
      })
      .catch((error: unknown) => {
        // Another request took the supplied identifier between the check and the insert.
        if (isUniqueViolation(error, 'identity_clients_pkey'))
          throw specRefusal(ctx.user, 'clientTaken', { clientid });
        throw error;
      });
    return {
      ...row,
      id: row.clientid,
      dbid: row.numero,
      redirect_uris: row.redirect_uris.join('\n'),
      // Shown once: it is never read back (a supplied one too, as the caller sent it).
      ...(secret && { pwd: secret }),
    };
  },
});

/**
 * `deleteClient` {clientid, type?} (002 §7 "Delete client"): gone from the provider at once, and
 * its tokens refused from the next request (the API looks the client up on each).
 */
export const deleteClient = defineOperation({
  name: 'deleteClient',
  parameter: z.object({
    clientid: z.string().min(1).max(100),
    type: z.enum(['api', 'login']).optional(),
  }),
  permission: 'user',
  async handler({ clientid, type }, ctx) {
    const companyId = managerCompany(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('core.identity_clients')
        .select(['clientid', 'name', 'type', 'created_by'])
        .where('clientid', '=', clientid)
        .where('company_id', '=', companyId)
        .$if(type !== undefined, (q) => q.where('type', '=', type!))
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw organizationRefusal(ctx.user, 'clientNotFound');
      await checkIndex(ctx, 'deleteClient', row.type);
      if (row.created_by !== ctx.user.id && !isAdmin(ctx.user.profile)) {
        throw organizationRefusal(ctx.user, 'clientNotYours');
      }
      await trx.deleteFrom('core.identity_clients').where('clientid', '=', clientid).execute();
      // Its grants and refresh tokens go too (a login client's users' sessions stay theirs).
      await trx
        .deleteFrom('core.oidc_payloads')
        .where(sql<boolean>`payload @> ${JSON.stringify({ clientId: clientid })}::jsonb`)
        .execute();
      await recordAction(ctx, 'client_deleted', { name: row.name, clientid, type: row.type }, trx);
      return { clientid, id: clientid };
    });
  },
});
