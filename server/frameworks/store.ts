import { sql } from 'kysely';
import type { Db } from '../db/database';
import { engineDb } from '../engine/rows';
import { fileStore, type FileStore } from '../files/index';
import type { OperationContext } from '../services/registry';

/** The file store of the frameworks: templates and builds, shared by every node. */
export const frameworkFiles = (ctx: Pick<OperationContext, 'config' | 'db'>): FileStore =>
  fileStore(ctx.config, ctx.db);

/** Where a version's template archive is kept. */
export const templateKey = (version: number) => `frameworks/templates/${version}.zip`;

/** Where a generation's build is kept. */
export const buildKey = (company: number, generation: number) =>
  `frameworks/builds/${company}/${generation}.zip`;

export interface VersionRow {
  id: number;
  company_id: number;
  plat: number;
  type: string;
  title: string;
  description: string | null;
  private: boolean;
  url: string | null;
  templateSize: number | null;
}

export interface GenerationRow {
  id: number;
  company_id: number;
  project: number;
  environment: number;
  appname: string | null;
  appNameWeb: string | null;
  plat: number;
  version: number | null;
  versionTitle: string | null;
  state: string;
  progress: number;
  detail: string | null;
  published: string | null;
  login: string | null;
  clientid: string | null;
  apiUrl: string | null;
  portSSL: number | null;
  certificate: number | null;
  teamid: string | null;
  userId: number | null;
  size: number | null;
  updated_at: Date;
}

export const versions = (db: Db) => engineDb(db).selectFrom('core.framework_versions');
export const generations = (db: Db) => engineDb(db).selectFrom('core.framework_generations');

/** Moves a generation on: its state, progress and the step it is at; its version bumped. */
export async function setProgress(
  db: Db,
  id: number,
  changes: { state?: string; progress?: number; detail?: string; size?: number },
) {
  await engineDb(db)
    .updateTable('core.framework_generations')
    .set({ ...changes, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
