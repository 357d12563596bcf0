import { FILE_NAME, HelpdeskPathError, SCHEMA_PATTERN } from '../helpdesk/paths';

/**
 * Where a project's own files (the file browser of /app/setting) live in the file store: under
 * `projectfiles/<project schema>/<folder>/…/<name>`, in the same store as help-desk files, so every
 * node reaches them with `FILE_STORE=postgres`. A path a caller names is resolved as help-desk
 * paths are (server/helpdesk/paths.ts): each segment must be a whitelisted name (FILE_NAME), so
 * `..`, separators, NUL, leading dots and control characters never reach the store.
 */

export const PROJECT_FILES_FOLDER = 'projectfiles';
/** Folders below a project's root, at most. */
export const MAX_DEPTH = 8;
/** Files a project may hold: uploads past it are refused, and a folder's listing stays bounded. */
export const MAX_PROJECT_FILES = 10_000;

/** The project's root in the store, a key prefix without its final `/`. */
export function projectRoot(schema: string): string {
  if (!SCHEMA_PATTERN.test(schema)) throw new HelpdeskPathError(`invalid project ${schema}`);
  return `${PROJECT_FILES_FOLDER}/${schema}`;
}

/**
 * A relative path (`manuales/2026/guia.pdf`; '' for the root) as its segments, refused
 * (HelpdeskPathError) unless every segment is a safe name and it is at most MAX_DEPTH + 1 deep.
 */
export function pathSegments(relative: unknown, allowRoot: boolean): string[] {
  if (typeof relative !== 'string' || relative.length > 1000) {
    throw new HelpdeskPathError('not a path');
  }
  if (relative === '') {
    if (allowRoot) return [];
    throw new HelpdeskPathError('the root is not a file');
  }
  const segments = relative.split('/');
  if (segments.length > MAX_DEPTH + 1 || !segments.every((segment) => FILE_NAME.test(segment))) {
    throw new HelpdeskPathError(`not a safe path: ${relative}`);
  }
  return segments;
}

/** A path inside the project's root: its segments, its normal text and its store key. */
export function resolveProjectPath(schema: string, relative: unknown, allowRoot = false) {
  const segments = pathSegments(relative, allowRoot);
  const path = segments.join('/');
  const root = projectRoot(schema);
  // The store refuses a malformed key again (FileKeyError), as defence in depth.
  return { segments, path, key: segments.length ? `${root}/${path}` : root };
}
