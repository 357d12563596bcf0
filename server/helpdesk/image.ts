import type { Readable } from 'node:stream';
import { readAll } from '../files/streams';

export type ImageType = 'image/png' | 'image/jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type from the file's first bytes (never from its name), or null. */
export function imageType(head: Buffer): ImageType | null {
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/** Largest image viewImage sends inline (base64 in JSON grows it by a third). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The image as base64 with its type, or null when the file is not a PNG or JPEG; read whole, so
 * only for a file of MAX_IMAGE_BYTES at most.
 */
export async function readImage(
  source: Readable,
): Promise<{ image: string; type: ImageType } | null> {
  const data = await readAll(source);
  const type = imageType(data);
  return type ? { image: data.toString('base64'), type } : null;
}
