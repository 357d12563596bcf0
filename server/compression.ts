import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the compression costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON answers of THRESHOLD_BYTES or more for clients that accept it
 * (br at quality 4, the plugin's default, or gzip), with `Vary: accept-encoding`.
 *
 * Registered before any route: the plugin hooks each route as it is added. Only JSON and the
 * types mime-db calls compressible (text, HTML): not the plugin's default `octet-stream`,
 * so help-desk downloads keep their Content-Length and are not compressed twice. Partial
 * content (206) is never compressed; hijacked answers (WebSocket upgrades, the OIDC
 * provider) do not pass through it. Request bodies are not decompressed: a device sending
 * `Content-Encoding` is answered as before.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /(?:\+|\/)json(?:;|$)/,
    globalDecompression: false,
  });
}
