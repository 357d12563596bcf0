import { z } from 'zod';
import { uniformTree } from '../../../protocol/access-tree';
import { rowIdField } from '../../db/storable';
import {
  saveUserAccess,
  saveUserProjectAccess,
  userAccess,
  userProjectAccess,
} from '../access/user-access';
import { companyUsers, deleteUser, updateUser } from '../admin/users';
import { defineOperation, type OperationContext } from '../registry';
import { aliasOf } from './alias';
import { delegate } from './delegate';
import { jsonOrValue } from './json';
import { readerOf, specRefusal } from './texts';

const userId = rowIdField('a user id');
const idOrText = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);

/** The caller's company's system environment: where an access is kept when none is named. */
async function systemEnvironment(ctx: OperationContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .where('system', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw specRefusal(readerOf(ctx), 'noSystemEnvironment');
  return row.id;
}

/** `getAccessCloud` {Idsuser} (002 §7 Manager API "Get access to cloud"): our `userAccess`. */
export const getAccessCloud = aliasOf(
  'getAccessCloud',
  userAccess,
  z.looseObject({ Idsuser: idOrText.optional() }),
  ({ Idsuser, ...rest }) => ({ idusr: rest.idusr ?? Idsuser }),
);

/**
 * `updateAccess` {Idsuser, UserName, Email, Permissions, idenv?, type?} (002 §7 "Update access"):
 * the user's name and e-mail when sent (updateUser: empty keeps them), then the tree
 * `Permissions` (a tree, its JSON text, `[]` all allowed, null removed) kept by `saveUserAccess`
 * for `idenv`, the company's system environment when not named.
 */
export const updateAccess = defineOperation({
  name: 'updateAccess',
  parameter: z.object({
    Idsuser: idOrText,
    UserName: z.string().max(100).optional(),
    Email: z.string().max(254).optional(),
    Permissions: z.unknown(),
    idenv: idOrText.optional(),
    type: z.number().int().optional(),
  }),
  permission: 'admin',
  async handler({ Idsuser, UserName, Email, Permissions, idenv, type }, ctx) {
    if (UserName?.trim() || Email?.trim())
      await delegate(
        updateUser,
        { idusr: Idsuser, username: UserName || undefined, email: Email },
        ctx,
      );
    return delegate(
      saveUserAccess,
      {
        idusr: Idsuser,
        idenv: idenv ?? (await systemEnvironment(ctx)),
        access: jsonOrValue(Permissions) ?? null,
        ...(type === undefined ? {} : { type }),
      },
      ctx,
      'updateAccess',
    );
  },
});

/**
 * `userProjects` {idsuseredit, environment?, start?, length?, q?} (002 §7 "List user projects"):
 * our `userProjectAccess` in the company's system environment unless one is named.
 */
export const userProjects = defineOperation({
  name: 'userProjects',
  parameter: z.looseObject({ idsuseredit: idOrText, environment: idOrText.optional() }),
  permission: 'admin',
  async handler({ idsuseredit, environment, ...rest }, ctx) {
    return delegate(
      userProjectAccess,
      { ...rest, idusr: idsuseredit, environment: environment ?? (await systemEnvironment(ctx)) },
      ctx,
      'userProjects',
    );
  },
});

const accessEntry = z.union([
  idOrText,
  z.looseObject({
    database: idOrText.optional(),
    numero: idOrText.optional(),
    access: z.unknown(),
  }),
]);

/**
 * `generateAccessProjects` {lstDB, usereditID} (002 §7 "Generate access projects"): the user
 * reaches the listed projects. An entry `{database, access}` keeps that tree (saveUserProjectAccess);
 * a bare number gives read-only access (show on every node) unless the user has a share already.
 * Answers the numbers whose access was written.
 */
export const generateAccessProjects = defineOperation({
  name: 'generateAccessProjects',
  parameter: z.object({ lstDB: z.array(accessEntry).max(500), usereditID: userId }),
  permission: 'admin',
  async handler({ lstDB, usereditID }, ctx) {
    const bare = lstDB.filter((entry): entry is number => typeof entry === 'number');
    const shared = bare.length
      ? await ctx.db
          .selectFrom('core.project_shares')
          .select('numero')
          .where('user_id', '=', usereditID)
          .where('numero', 'in', bare)
          .execute()
      : [];
    const has = new Set(shared.map((row) => row.numero));
    const written: number[] = [];
    for (const entry of lstDB) {
      const database = typeof entry === 'number' ? entry : (entry.database ?? entry.numero);
      if (database === undefined) throw specRefusal(readerOf(ctx), 'accessWithoutProject');
      if (typeof entry === 'number' && has.has(entry)) continue;
      const access =
        typeof entry === 'number' ? uniformTree(true, false) : jsonOrValue(entry.access);
      await delegate(
        saveUserProjectAccess,
        { idusr: usereditID, database, access },
        ctx,
        'generateAccessProjects',
      );
      written.push(database);
    }
    return { usereditID, written };
  },
});

const ADMUSERS_OPERS = [
  'all',
  'updateinfo',
  'delete',
  'updatesecurity',
  'updateaccess',
  'getaccessJSON',
] as const;

/**
 * `admusers` {oper, database?, pass?, data?, access?, userid?} (002 §7 Admin API, "old,
 * removable"): each oper runs ours: all → companyUsers, updateinfo → updateUser (data),
 * updatesecurity → updateUser (pass as the password), delete → deleteUser, getaccessJSON →
 * userAccess, updateaccess → saveUserAccess (access, in the system environment).
 */
export const admusers = defineOperation({
  name: 'admusers',
  parameter: z.looseObject({
    oper: z.enum(ADMUSERS_OPERS),
    userid: idOrText.optional(),
    pass: z.string().max(200).optional(),
    data: z.unknown().optional(),
    access: z.unknown().optional(),
  }),
  permission: 'admin',
  async handler({ oper, userid, pass, data, access, database: _database, ...rest }, ctx) {
    const target = (): number => {
      if (userid === undefined) throw specRefusal(readerOf(ctx), 'userRequired');
      return userid;
    };
    const fields = (jsonOrValue(data) ?? {}) as Record<string, unknown>;
    switch (oper) {
      case 'all':
        return delegate(companyUsers, rest, ctx, 'admusers');
      case 'updateinfo':
        return delegate(updateUser, { ...fields, idusr: userid ?? fields.idusr }, ctx, 'admusers');
      case 'updatesecurity':
        return delegate(updateUser, { idusr: target(), pwd: pass }, ctx, 'admusers');
      case 'delete':
        return delegate(deleteUser, { idsuser: target() }, ctx, 'admusers');
      case 'getaccessJSON':
        return delegate(userAccess, { idusr: target() }, ctx, 'admusers');
      case 'updateaccess':
        return delegate(
          saveUserAccess,
          {
            idusr: target(),
            idenv: await systemEnvironment(ctx),
            access: jsonOrValue(access) ?? null,
          },
          ctx,
          'admusers',
        );
    }
  },
});
