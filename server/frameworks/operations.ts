import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import { z } from 'zod';
import { PLAT_ANDROID, TEMPLATE_MAX_BYTES, UPDATE_PLATFORM_OF } from '../../protocol/frameworks';
import { isTopAdmin } from '../../protocol/roles';
import { UPDATE_TYPES } from '../../protocol/updates';
import { recordAction } from '../actions-log';
import { engineDb } from '../engine/rows';
import { fileChannel } from '../project-files/channel';
import { UploadTooLarge } from '../project-files/operations';
import { secretBox } from '../secrets/box';
import { findEnvironment, portOf } from '../services/environments/entry';
import { requireEnvironmentCompany } from '../services/environments/refuse';
import { requireProject } from '../services/projects/access';
import { requireEnvironmentRight } from '../services/projects/environment-rights';
import { defineOperation, ServiceError, type OperationContext } from '../services/registry';
import { confirmUpdate } from '../updates/publish';
import { publisher } from '../updates/permissions';
import { stageUpdate, updateFileKey, updateFiles } from '../updates/store';
import { companyCertificate, openCertificate } from './certificate';
import { engineOperation } from './engine-calls';
import { frameworksContext, frameworksMenuRefusal } from './context';
import { runGeneration } from './generate';
import { failStaleGenerations } from './stale';
import {
  buildKey,
  frameworkFiles,
  generations,
  templateKey,
  versions,
  type GenerationRow,
  type VersionRow,
} from './store';
import { frameworksRefusal } from './texts';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
const platSchema = z.coerce.number().int().min(1).max(2);

/** A version by id, or the refusal; private ones only for the top administrator. */
async function findVersion(ctx: OperationContext, id: number): Promise<VersionRow> {
  const row = (await versions(ctx.db).selectAll().where('id', '=', id).executeTakeFirst()) as
    VersionRow | undefined;
  if (!row || (row.private && !isTopAdmin(ctx.user.profile))) {
    throw frameworksRefusal(ctx.user, 'versionNotFound', { id });
  }
  return row;
}

/** A generation of the caller's company, with the project access it needs. */
export async function findGeneration(ctx: OperationContext, id: number) {
  const companyId = requireEnvironmentCompany(ctx.user);
  const row = (await generations(ctx.db)
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()) as GenerationRow | undefined;
  if (!row) throw frameworksRefusal(ctx.user, 'generationNotFound', { id });
  const project = await requireProject(ctx, row.project);
  const environment = await findEnvironment(ctx.db, ctx.user, companyId, row.environment);
  return { row, project, environment, companyId };
}

const versionFields = (row: VersionRow) => ({
  Id: row.id,
  Plat: row.plat,
  Type: row.type,
  Tittle: row.title,
  Title: row.title,
  Description: row.description ?? '',
  Private: row.private,
  Url: row.url ?? '',
});

/**
 * `frameworksVersions` {plat, type?, pid?, idenv?} (002 §7): the versions a company may generate
 * from, of a platform (and type), those with a template; private ones (development frameworks)
 * only for the top administrator. `pid` and `idenv` name the project and environment the
 * generate dialog is for: the project must be one the caller reaches.
 */
export const frameworksVersions = defineOperation({
  name: 'frameworksVersions',
  parameter: z.object({
    plat: platSchema,
    type: z.string().max(40).optional(),
    pid: idSchema.optional(),
    idenv: idSchema.optional(),
  }),
  permission: 'user',
  async handler({ plat, type, pid }, ctx) {
    if (pid !== undefined) await requireProject(ctx, pid);
    const rows = (await versions(ctx.db)
      .selectAll()
      .where('plat', '=', plat)
      .where('url', 'is not', null)
      .$if(!isTopAdmin(ctx.user.profile), (q) => q.where('private', '=', false))
      .$if(Boolean(type), (q) => q.where('type', '=', type!))
      .orderBy('title')
      .limit(500)
      .execute()) as unknown as VersionRow[];
    return rows.map(versionFields);
  },
});

const versionInput = z.object({
  Operation: z.coerce.number().int(),
  Id: idSchema.optional(),
  Plat: platSchema.optional(),
  Type: z.string().trim().min(1).max(40).optional(),
  Tittle: z.string().trim().min(1).max(100).optional(),
  Title: z.string().trim().min(1).max(100).optional(),
  Description: z.string().max(2000).optional(),
  Private: z.coerce.boolean().optional(),
});

/**
 * `frameworkVersionUpdate` {Operation, Id, Plat, Type, Tittle, Description, Private} (002 §7
 * "Framework version list and update"): 1 creates, 2 modifies, 3 deletes a version, through the
 * engine's operations of `framework-versions` (same validation, log and history). Top
 * administrator.
 */
export const frameworkVersionUpdate = defineOperation({
  name: 'frameworkVersionUpdate',
  parameter: versionInput,
  permission: 'topadmin',
  async handler(given, ctx) {
    const values = {
      ...(given.Plat !== undefined && { plat: given.Plat }),
      ...(given.Type !== undefined && { type: given.Type }),
      ...((given.Tittle ?? given.Title) !== undefined && { title: given.Tittle ?? given.Title }),
      ...(given.Description !== undefined && { description: given.Description }),
      ...(given.Private !== undefined && { private: given.Private }),
    };
    if (given.Operation === 1) return engineOperation(ctx, 'create', values);
    if (given.Id === undefined) throw frameworksRefusal(ctx.user, 'versionNotFound', { id: '' });
    if (given.Operation === 2) {
      const row = (await versions(ctx.db)
        .select('version')
        .where('id', '=', given.Id)
        .executeTakeFirst()) as { version: number } | undefined;
      if (!row) throw frameworksRefusal(ctx.user, 'versionNotFound', { id: given.Id });
      return engineOperation(ctx, 'edit', { id: given.Id, version: row.version, ...values });
    }
    if (given.Operation === 3) {
      const result = await engineOperation(ctx, 'delete', { id: given.Id });
      await frameworkFiles(ctx).delete(templateKey(given.Id));
      return result;
    }
    throw frameworksRefusal(ctx.user, 'badOperation');
  },
});

/** `devFrameworksGet` {plat?}: the private versions (development frameworks) of the top admin. */
export const devFrameworksGet = defineOperation({
  name: 'devFrameworksGet',
  parameter: z.object({ plat: platSchema.optional() }),
  permission: 'topadmin',
  async handler({ plat }, ctx) {
    const rows = (await versions(ctx.db)
      .selectAll()
      .where('private', '=', true)
      .$if(plat !== undefined, (q) => q.where('plat', '=', plat!))
      .orderBy('title')
      .limit(500)
      .execute()) as unknown as VersionRow[];
    return rows.map(versionFields);
  },
});

/** `devFrameworksSave` {Id?, Plat, Type, Tittle, Description}: a private version created or changed. */
export const devFrameworksSave = defineOperation({
  name: 'devFrameworksSave',
  parameter: versionInput.omit({ Operation: true, Private: true }),
  permission: 'topadmin',
  async handler(given, ctx) {
    return frameworkVersionUpdate.handler(
      { ...given, Operation: given.Id ? 2 : 1, Private: true },
      ctx,
    );
  },
});

/** `devFrameworksRemove` {Id}: a private version deleted with its template. */
export const devFrameworksRemove = defineOperation({
  name: 'devFrameworksRemove',
  parameter: z.object({ Id: idSchema }),
  permission: 'topadmin',
  async handler({ Id }, ctx) {
    const version = await findVersion(ctx, Id);
    if (!version.private) throw frameworksRefusal(ctx.user, 'versionNotFound', { id: Id });
    return frameworkVersionUpdate.handler({ Operation: 3, Id }, ctx);
  },
});

/**
 * `uploadFrameworkTemplate` {id}: a version's template archive (a zip), streamed through
 * TEMPLATE_UPLOAD_PATH into the file store; the version's `url` then says where it is.
 */
export const uploadFrameworkTemplate = defineOperation({
  name: 'uploadFrameworkTemplate',
  parameter: z.object({ id: idSchema, name: z.string().max(255) }),
  permission: 'topadmin',
  async handler({ id, name }, ctx) {
    const version = await findVersion(ctx, id);
    const upload = fileChannel()?.upload;
    if (!upload) throw frameworksRefusal(ctx.user, 'noFile');
    const store = frameworkFiles(ctx);
    let size = 0;
    try {
      const info = await store.put(templateKey(id), upload.source, {
        check: async (written) => {
          await upload.check();
          // A zip begins with a local file header (or is empty: an end of directory).
          const magic = written.head.subarray(0, 4).toString('hex');
          if (magic !== '504b0304' && magic !== '504b0506') {
            throw new ServiceError('not a zip');
          }
        },
      });
      size = info.size;
    } catch (error) {
      if (
        error instanceof UploadTooLarge ||
        (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
      ) {
        throw frameworksRefusal(ctx.user, 'tooLarge', { mb: TEMPLATE_MAX_BYTES / 1024 / 1024 });
      }
      if (error instanceof ServiceError) throw frameworksRefusal(ctx.user, 'notZip');
      throw error;
    }
    const url = `/api/frameworks/template/${id}`;
    await engineDb(ctx.db)
      .updateTable('core.framework_versions')
      .set({ url, templateSize: size, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await recordAction(ctx, 'framework_template_uploaded', {
      id,
      title: version.title,
      name,
      size,
    });
    return { id, Url: url, size, name };
  },
});

const propsSchema = z
  .object({
    appname: z.string().trim().max(100).optional(),
    AppNameWeb: z.string().trim().max(100).optional(),
    certificate: idSchema.optional(),
    version: idSchema.optional(),
    icon: z.string().max(700_000).optional(),
  })
  .passthrough();

/** A PNG given as base64 (or a data: URL), or null. */
function pngOf(text: string | undefined): Buffer | null {
  if (!text) return null;
  const bytes = Buffer.from(text.replace(/^data:image\/png;base64,/, ''), 'base64');
  return bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a' ? bytes : null;
}

/**
 * `generateFrameworks` {projectid, path, Props, IdEnv, acctkUserEnv, model} (002 §7): a
 * generation of the project's app for an environment, from a framework version (Props.version,
 * or the version whose Url is `path`), signed with a company certificate (Props.certificate).
 * Checked now (the per-environment right `generate`, the version's template, the certificate
 * opened with its password or its expiry), it answers the generation queued; the job builds it.
 */
export const generateFrameworks = defineOperation({
  name: 'generateFrameworks',
  parameter: z.object({
    projectid: idSchema,
    IdEnv: idSchema,
    path: z.string().max(300).optional(),
    Props: propsSchema.default({}),
    acctkUserEnv: z.string().max(4000).optional(),
    model: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).optional(),
  }),
  permission: 'user',
  async handler({ projectid, IdEnv, path, Props, model }, ctx) {
    const companyId = requireEnvironmentCompany(ctx.user);
    const project = await requireProject(ctx, projectid);
    const environment = await findEnvironment(ctx.db, ctx.user, companyId, IdEnv);
    await requireEnvironmentRight(ctx, project, environment, 'generate');
    const byUrl = path
      ? ((await versions(ctx.db).select('id').where('url', '=', path).executeTakeFirst()) as
          { id: number } | undefined)
      : undefined;
    const versionId = Props.version ?? byUrl?.id;
    if (versionId === undefined)
      throw frameworksRefusal(ctx.user, 'versionNotFound', { id: path ?? '' });
    const version = await findVersion(ctx, versionId);
    if (!version.url) throw frameworksRefusal(ctx.user, 'noTemplate', { title: version.title });
    const appname = Props.appname?.trim();
    if (!appname) throw frameworksRefusal(ctx.user, 'appnameRequired');
    if (Props.certificate === undefined) {
      throw frameworksRefusal(ctx.user, 'certificateNotFound', { id: '' });
    }
    const certificate = await companyCertificate(ctx, companyId, Props.certificate);
    if (certificate.plat !== version.plat) {
      throw frameworksRefusal(ctx.user, 'certificatePlatform', {
        name: certificate.name,
        title: version.title,
      });
    }
    const signing = await openCertificate(ctx, certificate);
    const meta = await ctx.db
      .selectFrom('core.projects')
      .select(['pid', 'name'])
      .where('numero', '=', projectid)
      .executeTakeFirstOrThrow();
    const platformModels = await project
      .db()
      .selectFrom('models')
      .select(['ID', 'MODEL', 'IDPLATFORM'])
      .orderBy('ID')
      .limit(1000)
      .execute();
    // The app's own API client, bound to the project: its credentials go into the build.
    const clientid = `flota-app-${randomBytes(9).toString('base64url')}`;
    const secret = randomBytes(24).toString('base64url');
    const port = portOf(environment.url_manager);
    const generation = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('core.identity_clients')
        .values({
          clientid,
          company_id: companyId,
          type: 'api',
          name: `${appname} (${version.title})`.slice(0, 100),
          rights: 'USUARIO',
          redirect_uris: [],
          sealed_secret: await secretBox(ctx.config, ctx.db).seal(secret),
          numero: projectid,
          created_by: ctx.user.id,
          created_login: ctx.user.login,
        })
        .execute();
      const row = (await engineDb(trx)
        .insertInto('core.framework_generations')
        .values({
          company_id: companyId,
          project: projectid,
          environment: IdEnv,
          appname,
          appNameWeb: Props.AppNameWeb || null,
          plat: version.plat,
          version: version.id,
          versionTitle: version.title,
          state: 'queued',
          progress: 0,
          login: ctx.user.login,
          userId: ctx.user.id,
          clientid,
          apiUrl: environment.url_manager,
          portSSL: port,
          certificate: certificate.id,
          teamid: certificate.teamid || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as unknown as GenerationRow;
      await recordAction(
        ctx,
        'framework_generated',
        {
          id: row.id,
          project: project.name,
          database: projectid,
          environment: environment.name,
          appname,
        },
        trx,
      );
      return row;
    });
    const { icon: _icon, certificate: _certificate, ...props } = Props;
    void runGeneration(ctx, {
      generation: generation.id,
      companyId,
      version: { id: version.id, title: version.title, type: version.type, plat: version.plat },
      config: {
        generation: generation.id,
        appname,
        appNameWeb: Props.AppNameWeb ?? '',
        apiUrl: environment.url_manager,
        port,
        authority: environment.url_authority,
        environment: { id: environment.id, name: environment.name },
        project: { numero: projectid, pid: meta.pid, name: meta.name },
        client: { clientid, secret },
        framework: { id: version.id, title: version.title, type: version.type, plat: version.plat },
        ...(version.plat !== PLAT_ANDROID && {
          teamid: certificate.teamid,
          certificate: certificate.name,
        }),
        generatedAt: new Date().toISOString(),
        generatedBy: ctx.user.login,
      },
      models: { projectid, IdEnv, Props: props, model: model ?? null, platforms: platformModels },
      icon: pngOf(Props.icon),
      signing: version.plat === PLAT_ANDROID ? signing : null,
    });
    return generation;
  },
});

/**
 * `generatedFrameworks` {envid?, projectid, iduser?} (002 §7 "List generated frameworks"): the
 * generations of a project the caller reaches, newest first, by environment and user.
 */
export const generatedFrameworks = defineOperation({
  name: 'generatedFrameworks',
  parameter: z.object({
    projectid: idSchema,
    envid: idSchema.optional(),
    iduser: idSchema.optional(),
  }),
  permission: 'user',
  async handler({ projectid, envid, iduser }, ctx) {
    const companyId = requireEnvironmentCompany(ctx.user);
    await requireProject(ctx, projectid);
    await failStaleGenerations(ctx.db);
    return generations(ctx.db)
      .selectAll()
      .where('company_id', '=', companyId)
      .where('project', '=', projectid)
      .$if(envid !== undefined, (q) => q.where('environment', '=', envid!))
      .$if(iduser !== undefined, (q) => q.where('userId', '=', iduser!))
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  },
});

/**
 * `downloadFramework` {id, type} (002 §7 "Download framework file"): a finished generation's
 * build; through GENERATION_DOWNLOAD_PATH its bytes. The per-environment right `download`.
 */
export const downloadFramework = defineOperation({
  name: 'downloadFramework',
  parameter: z.object({ id: idSchema, type: platSchema.optional() }),
  permission: 'user',
  async handler({ id, type }, ctx) {
    const { row, project, environment, companyId } = await findGeneration(ctx, id);
    await requireEnvironmentRight(ctx, project, environment, 'download');
    if (type !== undefined && type !== row.plat)
      throw frameworksRefusal(ctx.user, 'wrongType', { id, type });
    if (row.state !== 'done') throw frameworksRefusal(ctx.user, 'notReady', { id });
    const store = frameworkFiles(ctx);
    const channel = fileChannel();
    const key = buildKey(companyId, id);
    const opened = channel ? await store.get(key) : await store.stat(key);
    if (!opened) throw frameworksRefusal(ctx.user, 'buildMissing', { id });
    if (channel) channel.download = opened as NonNullable<typeof channel.download>;
    const name = `${(row.appname ?? 'app').replace(/[^A-Za-z0-9._-]+/g, '_')}-${id}.${row.plat === PLAT_ANDROID ? 'apk' : 'zip'}`;
    return { id, name, size: opened.size };
  },
});

/**
 * `publishGeneration` {id, type, appname, acctkUserEnv, AppNameWeb, Clientid, Pwd, ApiUrl,
 * PortSSL, rowid} (002 §7): the build becomes an update of the project for its platform's
 * devices, through the update publishing (docs/updates.md): staged, its file stored, confirmed
 * with SendPush. The per-environment right `publish` and the project's right to publish updates.
 */
export const publishGeneration = defineOperation({
  name: 'publishGeneration',
  parameter: z
    .object({ id: idSchema, type: platSchema.optional(), appname: z.string().max(100).optional() })
    .passthrough(),
  permission: 'user',
  async handler({ id, type }, ctx) {
    const { row, project, environment, companyId } = await findGeneration(ctx, id);
    await requireEnvironmentRight(ctx, project, environment, 'publish');
    // Publishing a build is also the frameworks menu's "Publicar" in that environment.
    const denied = await frameworksMenuRefusal(ctx, 'publish', environment.id);
    if (denied) throw new ServiceError(denied);
    if (type !== undefined && type !== row.plat)
      throw frameworksRefusal(ctx.user, 'wrongType', { id, type });
    if (row.state !== 'done') throw frameworksRefusal(ctx.user, 'notReady', { id });
    const { right } = await publisher(ctx, project.numero);
    const store = frameworkFiles(ctx);
    const build = await store.get(buildKey(companyId, id));
    if (!build) throw frameworksRefusal(ctx.user, 'buildMissing', { id });
    const name = `${(row.appname ?? 'app').replace(/[^A-Za-z0-9._-]+/g, '_')}.${row.plat === PLAT_ANDROID ? 'apk' : 'zip'}`;
    const staged = await stageUpdate(ctx, project, [
      { type: 'copy', name, path: '', size: build.size, register: false, execute: false },
    ]);
    await updateFiles(ctx).put(
      updateFileKey(project.schema, staged.TempDirectory, 1),
      build.stream,
    );
    const schemaDb = project.db();
    const update = await schemaDb
      .selectFrom('updates')
      .select('ID')
      .where('TEMPDIRECTORY', '=', staged.TempDirectory)
      .executeTakeFirstOrThrow();
    await schemaDb
      .updateTable('update_files')
      .set({ UPLOADED: true })
      .where('UPDATE_ID', '=', update.ID)
      .execute();
    const published = await confirmUpdate(
      ctx,
      project,
      {
        Type: UPDATE_TYPES.PLATAFORMA,
        Platform: UPDATE_PLATFORM_OF[row.plat],
        lstMID: [],
        updateRepository: true,
        TempDirectory: staged.TempDirectory,
        SendPush: true,
      },
      right,
    );
    await engineDb(ctx.db)
      .updateTable('core.framework_generations')
      .set({
        published: published.versionCompleta,
        version: sql`version + 1`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    await recordAction(ctx, 'framework_published', {
      id,
      project: project.name,
      database: project.numero,
      environment: environment.name,
      ...published,
    });
    return { id, ...published };
  },
});

/**
 * `deleteGeneration` {id} (002 §7 "Delete generation"): a generation and its build; the app's
 * API client stays (devices that installed the build still use it). Needs the menu's
 * "Borrar generaciones" in the generation's environment; not while it is being generated.
 */
export const deleteGeneration = defineOperation({
  name: 'deleteGeneration',
  parameter: z.object({ id: idSchema }),
  permission: 'user',
  async handler({ id }, ctx) {
    await failStaleGenerations(ctx.db);
    const { row, project, environment, companyId } = await findGeneration(ctx, id);
    const denied = await frameworksMenuRefusal(ctx, 'delete', environment.id);
    if (denied) throw new ServiceError(denied);
    if (!project.manager && row.userId !== ctx.user.id) {
      // Someone else's generation: the project's share must allow deleting.
      await requireEnvironmentRight(ctx, project, environment, 'download');
    }
    if (row.state === 'queued' || row.state === 'running') {
      throw frameworksRefusal(ctx.user, 'running', { id });
    }
    await engineDb(ctx.db).deleteFrom('core.framework_generations').where('id', '=', id).execute();
    await frameworkFiles(ctx).delete(buildKey(companyId, id));
    await recordAction(ctx, 'framework_deleted', {
      id,
      project: project.name,
      appname: row.appname ?? '',
    });
    return { id };
  },
});

/** `createQR` {text} (002 §7 "Create QR"): a PNG data URL of the text (a download link). */
export const createQR = defineOperation({
  name: 'createQR',
  parameter: z.object({ text: z.string().min(1).max(2000) }),
  permission: 'user',
  async handler({ text }) {
    return { QRdata: await QRCode.toDataURL(text, { margin: 1, width: 256 }) };
  },
});

/**
 * `projectFrameworks` {projectid} (002 §7 "Project-framework relations"): per environment and
 * platform, the project's latest finished generation and its framework version.
 */
export const projectFrameworks = defineOperation({
  name: 'projectFrameworks',
  parameter: z.object({ projectid: idSchema }),
  permission: 'user',
  async handler({ projectid }, ctx) {
    const companyId = requireEnvironmentCompany(ctx.user);
    await requireProject(ctx, projectid);
    return engineDb(ctx.db)
      .selectFrom('core.framework_generations')
      .distinctOn(['environment', 'plat'])
      .select(['environment', 'plat', 'id', 'version', 'versionTitle', 'appname', 'published'])
      .where('company_id', '=', companyId)
      .where('project', '=', projectid)
      .where('state', '=', 'done')
      .orderBy('environment')
      .orderBy('plat')
      .orderBy('id', 'desc')
      .execute();
  },
});

export const FRAMEWORK_OPERATIONS = [
  frameworksVersions,
  frameworkVersionUpdate,
  devFrameworksGet,
  devFrameworksSave,
  devFrameworksRemove,
  uploadFrameworkTemplate,
  generateFrameworks,
  generatedFrameworks,
  downloadFramework,
  publishGeneration,
  deleteGeneration,
  createQR,
  projectFrameworks,
  frameworksContext,
];
