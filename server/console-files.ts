import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's folder of content-hashed files (its `build.assetsDir`): a new build, new names. */
const HASHED_FOLDER = 'assets';

/** A hashed file never changes under its name, so a browser keeps it for a year unasked. */
export const KEEP_FOR_A_YEAR = 'public, max-age=31536000, immutable';
/** A page (index.html and the others at the root) names the current build's files: ask first. */
export const ASK_FIRST = 'no-cache';

/**
 * Serves the built console from `consoleDir`: its pages, and the precompressed twins
 * (`.br`, `.gz`, written by the build: scripts/precompress.ts) of its files when the request's
 * Accept-Encoding takes them. The not-found handler (server/app.ts) sends index.html for the
 * console's client routes through the same `reply.sendFile`, so it gets the same headers.
 */
export async function registerConsoleFiles(app: FastifyInstance, consoleDir: string) {
  const hashed = path.join(consoleDir, HASHED_FOLDER) + path.sep;
  await app.register(fastifyStatic, {
    root: consoleDir,
    index: false,
    preCompressed: true,
    // Ours instead of @fastify/send's `public, max-age=0`.
    cacheControl: false,
    setHeaders(response, file) {
      response.setHeader('cache-control', file.startsWith(hashed) ? KEEP_FOR_A_YEAR : ASK_FIRST);
      // The same URL answers br, gzip or the raw file: a cache must keep them apart.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html'));
}
