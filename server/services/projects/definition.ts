import { z } from 'zod';
import { PROJECT_TYPES } from '../../../protocol/projects';
import type { Db } from '../../db/database';
import { INT4_MAX } from '../../db/storable';
import { projectDb } from '../../db/project-schema';
import { ldataField } from './create';

/**
 * A project's definition (what publishing copies to another environment, 000 §4 and issue 5):
 * its names, type and LDATA, its configuration (replicator settings), platforms with their
 * models, and applications. Never its devices, users or licences. `format` lets a later
 * version of the server read an older definition.
 */
export const definitionSchema = z.object({
  format: z.literal(1).default(1),
  name: z.string().max(2000),
  dbname: z.string().max(2000),
  projectType: z.enum(PROJECT_TYPES).default('mam'),
  ldata: ldataField.default(''),
  config: z
    .array(
      z.object({
        KEYNAME: z.string().min(1).max(500),
        KEYVALUE: z.string().max(100_000).nullable(),
        IDCATEGORY: z.number().int().min(-INT4_MAX).max(INT4_MAX).default(0),
        TIPO: z.number().int().min(-INT4_MAX).max(INT4_MAX).default(3),
      }),
    )
    .max(5000)
    .default([]),
  platforms: z
    .array(
      z.object({
        PLATFORM: z.string().min(1).max(100),
        ACTIVE: z.boolean().default(true),
        models: z.array(z.string().min(1).max(200)).max(5000).default([]),
      }),
    )
    .max(200)
    .default([]),
  applications: z.array(z.string().min(1).max(500)).max(5000).default([]),
});

export type ProjectDefinition = z.infer<typeof definitionSchema>;

/** The definition of a project, read from its row and its schema. */
export async function readDefinition(db: Db, numero: number): Promise<ProjectDefinition> {
  const project = await db
    .selectFrom('core.projects')
    .select(['name', 'dbname', 'project_type', 'ldata', 'schema_name'])
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
  const pdb = projectDb(db, project.schema_name);
  const [config, platforms, models, applications] = await Promise.all([
    pdb.selectFrom('config').selectAll().orderBy('KEYNAME').execute(),
    pdb.selectFrom('platforms').select(['ID', 'PLATFORM', 'ACTIVE']).orderBy('ID').execute(),
    pdb.selectFrom('models').select(['IDPLATFORM', 'MODEL']).orderBy('ID').execute(),
    pdb.selectFrom('applications').select('NAME').orderBy('ID').execute(),
  ]);
  return {
    format: 1,
    name: project.name,
    dbname: project.dbname,
    projectType: project.project_type as ProjectDefinition['projectType'],
    ldata: project.ldata,
    config,
    platforms: platforms.map((platform) => ({
      PLATFORM: platform.PLATFORM,
      ACTIVE: platform.ACTIVE,
      models: models.filter((model) => model.IDPLATFORM === platform.ID).map((m) => m.MODEL),
    })),
    applications: applications.map((application) => application.NAME),
  };
}

/**
 * Writes a definition's configuration, platforms, models and applications into a new project's
 * standard tables (which already hold the standard platforms), in the caller's transaction.
 */
export function fillFromDefinition(definition: ProjectDefinition) {
  return async (trx: Db, schema: string): Promise<void> => {
    const pdb = projectDb(trx, schema);
    if (definition.config.length > 0) {
      await pdb
        .insertInto('config')
        .values(definition.config)
        .onConflict((oc) =>
          oc.column('KEYNAME').doUpdateSet((eb) => ({
            KEYVALUE: eb.ref('excluded.KEYVALUE'),
            IDCATEGORY: eb.ref('excluded.IDCATEGORY'),
            TIPO: eb.ref('excluded.TIPO'),
          })),
        )
        .execute();
    }
    for (const platform of definition.platforms) {
      const { ID } = await pdb
        .insertInto('platforms')
        .values({ PLATFORM: platform.PLATFORM, ACTIVE: platform.ACTIVE })
        .onConflict((oc) => oc.column('PLATFORM').doUpdateSet({ ACTIVE: platform.ACTIVE }))
        .returning('ID')
        .executeTakeFirstOrThrow();
      if (platform.models.length === 0) continue;
      await pdb
        .insertInto('models')
        .values(platform.models.map((MODEL) => ({ MODEL, IDPLATFORM: ID })))
        .onConflict((oc) => oc.columns(['IDPLATFORM', 'MODEL']).doNothing())
        .execute();
    }
    if (definition.applications.length > 0) {
      await pdb
        .insertInto('applications')
        .values(definition.applications.map((NAME) => ({ NAME })))
        .onConflict((oc) => oc.column('NAME').doNothing())
        .execute();
    }
  };
}
