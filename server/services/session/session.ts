import { z } from 'zod';
import { MENUS, visibleMenu } from '../../../protocol/menu';
import { declaredMenuEntries } from '../../../protocol/menu-declared';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { landingPath, type SavedUiState } from '../../../protocol/session';
import type { Db } from '../../db/database';
import { customCatalogue } from '../../engine/custom/catalogue';
import { menuByTree } from '../access/menu-gate';
import { defineOperation } from '../registry';

/** The entries the declared resources name in their definitions, in either flavour. */
const DECLARED_ENTRIES = declaredMenuEntries(Object.values(RESOURCE_DEFINITIONS));

async function loadSaved(db: Db, userId: number): Promise<SavedUiState | null> {
  const row = await db
    .selectFrom('core.ui_state')
    .select(['state', 'serverid', 'currentdb'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Who the caller is and where the console should land after sign-in (000 §4). */
export const session = defineOperation({
  name: 'session',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, { db, user }) {
    const saved = await loadSaved(db, user.id);
    const landing = landingPath({
      tier: user.company?.tier ?? null,
      companyActive: user.company?.active ?? false,
      saved,
    });
    const { id, login, email, language, twofactor, profile, company } = user;
    return { profile, user: { id, login, email, language, twofactor }, company, landing, saved };
  },
});

/**
 * The menu settings for the configured flavour, reduced to what the caller may see (000 §6) and
 * to what their menu tree shows (002 §6).
 */
export const menu = defineOperation({
  name: 'menu',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const { config, user } = ctx;
    const viewer = {
      profile: user.profile,
      hasSubscription: Boolean(user.company?.tier),
      companyActive: user.company?.active ?? true,
    };
    // The company's custom entities name their menu entries too (issue 34, point 8).
    const customs =
      user.companyId === null ? null : await customCatalogue(ctx.db).of(user.companyId);
    const custom = declaredMenuEntries(
      [...(customs?.entities.values() ?? [])].map((e) => e.definition),
    );
    const all = [...MENUS[config.FLAVOUR], ...DECLARED_ENTRIES, ...custom];
    const entries = await menuByTree(ctx, visibleMenu(all, viewer));
    return { flavour: config.FLAVOUR, entries };
  },
});

const nullableText = z.string().max(200).nullable().optional();

export const saveState = defineOperation({
  name: 'saveState',
  parameter: z.object({
    state: z
      .string()
      .max(500)
      .regex(/^\/app\//, 'must be a console path starting with /app/'),
    serverid: nullableText,
    currentdb: nullableText,
  }),
  permission: 'user',
  async handler({ state, serverid, currentdb }, { db, user }) {
    // An absent serverid or currentdb keeps the saved one: screens outside a project save only
    // their path, and the next project screen still opens the project last worked on.
    const changes = {
      state,
      ...(serverid === undefined ? {} : { serverid }),
      ...(currentdb === undefined ? {} : { currentdb }),
    };
    return db
      .insertInto('core.ui_state')
      .values({ user_id: user.id, serverid: null, currentdb: null, ...changes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: new Date() }))
      .returning(['state', 'serverid', 'currentdb'])
      .executeTakeFirstOrThrow();
  },
});

export const loadState = defineOperation({
  name: 'loadState',
  parameter: z.object({}),
  permission: 'user',
  handler: async (_parameter, { db, user }) => loadSaved(db, user.id),
});
