import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../protocol/filters';
import { datatableSchema } from '../../protocol/paging';
import { KIOSK_SETTINGS, type KioskSetting } from '../../protocol/resources/mdm-kiosk';
import { MDM_POLICIES } from '../../protocol/resources/mdm-policies';
import { entityOperations } from '../engine/index';
import { defineOperation, type OperationContext } from '../services/registry';
import { areaTexts } from '../services/area-texts';
import { KIOSK_SETTING_NAMES, kioskOf, withKiosk, type KioskDocument } from './kiosk-document';
import { reachedPolicies } from './roles';

/**
 * `/app/mdmkiosk` (protocol/resources/mdm-kiosk.ts, docs/mdm.md "Kiosk"): the company's Android
 * policies with a `KIOSK` app, read as their kiosk, the apps named by their `kiosk-apps` ids. A
 * write is the policies' own engine edit or create of the document (server/engine/hooks/
 * mdm-policies.ts): checked, versioned, limited by the MDM roles and pushed to the devices.
 */

const texts = areaTexts({
  es: {
    noKiosk: 'La política {id} no es un kiosco Android.',
    unknownApp: 'La aplicación {id} no está en el catálogo del kiosco.',
    noKioskApp: 'Elija la aplicación del kiosco.',
  },
  en: {
    noKiosk: 'Policy {id} is not an Android kiosk.',
    unknownApp: 'App {id} is not in the kiosk catalogue.',
    noKioskApp: 'Choose the kiosk app.',
  },
});

type Stored = {
  id: string;
  name: string;
  version: number;
  policyVersion: number;
  document: KioskDocument | null;
};

const companyOf = (ctx: OperationContext) => ctx.user.companyId ?? -1;
/** The caller's language: the screen's, else the user's. */
const readerOf = (ctx: OperationContext) => ({ language: ctx.language ?? ctx.user.language });
const KIOSK_POLICY = sql`p.platform = 'android'
  AND p.document -> 'applications' @> '[{"installType": "KIOSK"}]'::jsonb`;
const SORTS: Record<string, string> = { name: 'name', policyVersion: 'policyVersion' };

/** The catalogue's apps by package (`Package` → id) or by id, for the company. */
async function catalogue(ctx: OperationContext, where: { packages: string[] } | { ids: number[] }) {
  const condition =
    'packages' in where
      ? sql`"Package" = ANY(${where.packages}::text[])`
      : sql`id = ANY(${where.ids}::bigint[])`;
  const { rows } = await sql<{ id: string; Package: string }>`
    SELECT id, "Package" FROM core.kiosk_apps
    WHERE company_id = ${companyOf(ctx)} AND ${condition}`.execute(ctx.db);
  return rows.map((row) => ({ id: Number(row.id), packageName: row.Package }));
}

/** The rows as the screen has them: the kiosk's apps by their catalogue ids. */
async function presented(ctx: OperationContext, rows: Stored[]) {
  const kiosks = rows.map((row) => kioskOf(row.document));
  const packages = [...new Set(kiosks.flatMap((k) => [k.kioskApp ?? '', ...k.lockTaskApps]))];
  const apps = await catalogue(ctx, { packages });
  const idOf = new Map(apps.map((app) => [app.packageName, app.id]));
  return rows.map((row, index) => {
    const kiosk = kiosks[index];
    return {
      id: Number(row.id),
      name: row.name,
      version: row.version,
      policyVersion: row.policyVersion,
      kioskApp: (kiosk.kioskApp && idOf.get(kiosk.kioskApp)) ?? null,
      lockTaskApps: kiosk.lockTaskApps.flatMap((p) => (idOf.has(p) ? [idOf.get(p)!] : [])),
      ...kiosk.settings,
    };
  });
}

async function kioskRow(ctx: OperationContext, id: number) {
  const { rows } = await sql<Stored>`
    SELECT p.id, p.name, p.version, p."policyVersion", p.document FROM core.mdm_policies AS p
    WHERE p.company_id = ${companyOf(ctx)} AND p.id = ${id} AND ${KIOSK_POLICY}
      AND ${await reachedPolicies(ctx, 'p')}`.execute(ctx.db);
  if (!rows[0]) throw texts.refusal(readerOf(ctx), 'noKiosk', { id });
  return rows[0];
}

export const mdmKioskList = defineOperation({
  name: 'mdmKioskList',
  parameter: z.object({
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    filter: z.looseObject({ q: z.string().max(200).optional() }).default({}),
  }),
  permission: 'user',
  async handler({ datatable, filter }, ctx) {
    const search = filter.q?.trim()
      ? sql`lower(p.name) LIKE ${`%${escapeLike(filter.q.trim().toLowerCase())}%`}`
      : sql`true`;
    const where = sql`p.company_id = ${companyOf(ctx)} AND ${KIOSK_POLICY} AND ${search}
      AND ${await reachedPolicies(ctx, 'p')}`;
    // Only the sorts' own names (a sort by `constructor` is no column).
    const asked = datatable.orderBy ?? 'name';
    const order = sql.ref(`p.${Object.hasOwn(SORTS, asked) ? SORTS[asked] : 'name'}`);
    const direction = datatable.orderDir === 'desc' ? sql`DESC` : sql`ASC`;
    const [{ rows }, count] = await Promise.all([
      sql<Stored>`SELECT p.id, p.name, p.version, p."policyVersion", p.document
        FROM core.mdm_policies AS p WHERE ${where} ORDER BY ${order} ${direction}, p.id
        LIMIT ${datatable.length} OFFSET ${datatable.start}`.execute(ctx.db),
      sql<{ n: string }>`SELECT count(*) AS n FROM core.mdm_policies AS p WHERE ${where}`.execute(
        ctx.db,
      ),
    ]);
    return { data: await presented(ctx, rows), total: Number(count.rows[0].n) };
  },
});

export const mdmKioskShow = defineOperation({
  name: 'mdmKioskShow',
  parameter: z.object({ id: z.number().int().positive() }),
  permission: 'user',
  async handler({ id }, ctx) {
    return (await presented(ctx, [await kioskRow(ctx, id)]))[0];
  },
});

const settingSchema = (name: KioskSetting) =>
  z
    .enum(KIOSK_SETTINGS[name].map((c) => String(c.code)) as [string, ...string[]])
    .nullable()
    .optional();
const kioskValues = {
  kioskApp: z.number().int().positive().optional(),
  lockTaskApps: z.array(z.number().int().positive()).max(100).optional(),
  ...Object.fromEntries(KIOSK_SETTING_NAMES.map((name) => [name, settingSchema(name)])),
} as Record<string, z.ZodType>;

type Given = Record<string, unknown> & { kioskApp?: number; lockTaskApps?: number[] };

/** The form's values as the document's: catalogue ids to packages, an unknown id refused. */
async function asKiosk(ctx: OperationContext, given: Given) {
  const ids = [...(given.kioskApp ? [given.kioskApp] : []), ...(given.lockTaskApps ?? [])];
  const apps = await catalogue(ctx, { ids });
  const packageOf = new Map(apps.map((app) => [app.id, app.packageName]));
  const missing = ids.find((id) => !packageOf.has(id));
  if (missing !== undefined) throw texts.refusal(readerOf(ctx), 'unknownApp', { id: missing });
  const settings = Object.fromEntries(
    KIOSK_SETTING_NAMES.filter((name) => name in given).map((name) => [name, given[name] ?? null]),
  );
  return {
    ...(given.kioskApp ? { kioskApp: packageOf.get(given.kioskApp)! } : {}),
    ...(given.lockTaskApps
      ? { lockTaskApps: given.lockTaskApps.map((id) => packageOf.get(id)!) }
      : {}),
    settings,
  };
}

const policyOperation = (verb: 'create' | 'edit') =>
  entityOperations(MDM_POLICIES).find(
    (op) => op.name === `mdmPolicies${verb === 'create' ? 'Create' : 'Edit'}`,
  )!;

export const mdmKioskEdit = defineOperation({
  name: 'mdmKioskEdit',
  parameter: z.object({
    id: z.number().int().positive(),
    version: z.number().int().min(1),
    ...kioskValues,
  }),
  permission: 'admin',
  async handler({ id, version, ...given }, ctx) {
    const stored = await kioskRow(ctx, id);
    const document = withKiosk(stored.document, await asKiosk(ctx, given as Given));
    await policyOperation('edit').handler({ id, version, document }, ctx);
    return (await presented(ctx, [await kioskRow(ctx, id)]))[0];
  },
});

export const mdmKioskCreate = defineOperation({
  name: 'mdmKioskCreate',
  parameter: z.object({ name: z.string().trim().min(1).max(100), ...kioskValues }),
  permission: 'admin',
  async handler({ name, ...rest }, ctx) {
    const given = rest as Given;
    if (!given.kioskApp) throw texts.refusal(readerOf(ctx), 'noKioskApp');
    const document = withKiosk({}, await asKiosk(ctx, given));
    const created = (await policyOperation('create').handler(
      { name, platform: 'android', document },
      ctx,
    )) as { id: number };
    return (await presented(ctx, [await kioskRow(ctx, Number(created.id))]))[0];
  },
});

export const MDM_KIOSK_OPERATIONS = [mdmKioskList, mdmKioskShow, mdmKioskEdit, mdmKioskCreate];
