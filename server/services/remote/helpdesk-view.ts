import { z } from 'zod';
import { MAX_IMAGE_BYTES, readImage } from '../../helpdesk/image';
import { compressText, LOG_FILTERS, looksBinary, readLog } from '../../helpdesk/log-view';
import { findDeviceFile, openDeviceFile } from '../../helpdesk/store';
import { midSchema } from '../devices/fields';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import { helpdeskDevice } from './helpdesk-device';
import { helpdeskPathSchema, withPath } from './helpdesk';
import { remoteRefusal } from './texts';

const logFilterSchema = z.enum(LOG_FILTERS);

/** One filter, several (any of them), or 'full' / none for every line (002 §4). */
const filtersSchema = z
  .union([logFilterSchema, z.literal('full'), z.array(logFilterSchema).max(LOG_FILTERS.length)])
  .nullish()
  .transform((value) =>
    !value || value === 'full' ? [] : Array.isArray(value) ? [...new Set(value)] : [value],
  );

async function requireFile(
  ctx: OperationContext,
  project: ProjectAccess,
  mid: string,
  stFilename: string,
) {
  const { files } = await helpdeskDevice(ctx, project, { mid });
  const file = await withPath(ctx.user, stFilename, () => findDeviceFile(files, stFilename));
  if (!file) throw remoteRefusal(ctx.user, 'fileNotFound', { path: stFilename });
  /** The file's bytes from the start; each call reads it anew. */
  async function open() {
    const opened = await withPath(ctx.user, stFilename, () => openDeviceFile(files, stFilename));
    if (!opened) throw remoteRefusal(ctx.user, 'fileNotFound', { path: stFilename });
    return opened.stream;
  }
  return { ...file, open };
}

/**
 * `viewLog` {database, mid, stFilename, stText?, filter?, compress?} (001 §7): the lines of a text
 * log the filters select, as base64 of raw deflate when `compress` (the default).
 */
export const viewLog = defineProjectOperation({
  name: 'viewLog',
  parameter: z.object({
    database: databaseSchema,
    mid: midSchema,
    stFilename: helpdeskPathSchema,
    stText: z.string().max(200).nullish(),
    filter: filtersSchema,
    compress: z.boolean().default(true),
  }),
  node: 'devices',
  mode: 'show',
  async handler({ mid, stFilename, stText, filter, compress }, ctx, project) {
    const file = await requireFile(ctx, project, mid, stFilename);
    const path = { path: stFilename };
    // 001 §2 and §8: viewing a database is not available yet.
    if (file.kind === 'database') throw remoteRefusal(ctx.user, 'databaseViewUnavailable');
    if (file.kind === 'screenshots') throw remoteRefusal(ctx.user, 'fileIsImage', path);
    if (await looksBinary(await file.open())) throw remoteRefusal(ctx.user, 'notText', path);
    const view = await readLog(await file.open(), { filters: filter, text: stText ?? undefined });
    return {
      stFilename: file.fullpath,
      stText: compress ? compressText(view.text) : view.text,
      compress,
      lines: view.lines,
      totalLines: view.totalLines,
      truncated: view.truncated,
    };
  },
});

/** `viewImage` {database, mid, stFilename} (001 §7): a screenshot as base64. */
export const viewImage = defineProjectOperation({
  name: 'viewImage',
  parameter: z.object({ database: databaseSchema, mid: midSchema, stFilename: helpdeskPathSchema }),
  node: 'devices',
  mode: 'show',
  async handler({ mid, stFilename }, ctx, project) {
    const file = await requireFile(ctx, project, mid, stFilename);
    const path = { path: stFilename };
    const notImage = remoteRefusal(ctx.user, 'notScreenshot', path);
    if (file.kind !== 'screenshots') throw notImage;
    if (file.size > MAX_IMAGE_BYTES) throw remoteRefusal(ctx.user, 'imageTooLarge', path);
    const image = await readImage(await file.open());
    if (!image) throw notImage;
    return { stFilename: file.fullpath, image: image.image, type: image.type };
  },
});
