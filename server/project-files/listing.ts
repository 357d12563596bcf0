import type { FileInfo } from '../files/index';

/** One row of a folder's listing: a file, or a folder with what it holds. */
export interface ProjectFileRow {
  /** The path from the project's root: the key of the list, and what the other calls take. */
  id: string;
  path: string;
  name: string;
  kind: 'folder' | 'file';
  /** Bytes: the file's, or the sum of the folder's files. */
  size: number;
  /** ISO 8601: the file's upload, or the folder's latest. */
  modified: string;
  /** Files inside a folder, at any depth; 1 for a file. */
  files: number;
}

export type FileSort = 'name' | 'kind' | 'size' | 'modified' | 'files';

/**
 * The folder's own rows from every file below it (a store lists keys, not folders): its files,
 * and one row per subfolder summing what it holds.
 */
export function folderRows(prefix: string, folderPath: string, stored: FileInfo[]) {
  const rows = new Map<string, ProjectFileRow>();
  for (const file of stored) {
    const [name, ...below] = file.key.slice(prefix.length).split('/');
    const path = folderPath ? `${folderPath}/${name}` : name;
    const kind = below.length === 0 ? 'file' : 'folder';
    const id = `${kind}:${path}`;
    const row = rows.get(id);
    const modified = file.modified.toISOString();
    if (!row) {
      rows.set(id, { id: path, path, name, kind, size: file.size, modified, files: 1 });
      continue;
    }
    row.size += file.size;
    row.files += 1;
    if (modified > row.modified) row.modified = modified;
  }
  return [...rows.values()];
}

/** Folders first, then by the column asked for; names break ties. */
export function sortRows(rows: ProjectFileRow[], orderBy: FileSort, dir: 'asc' | 'desc') {
  const sign = dir === 'desc' ? -1 : 1;
  const byName = (a: ProjectFileRow, b: ProjectFileRow) =>
    a.name.localeCompare(b.name, 'es', { sensitivity: 'base', numeric: true });
  return rows.sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    const value = orderBy === 'name' || orderBy === 'kind' ? 0 : a[orderBy] < b[orderBy] ? -1 : 1;
    const first = a[orderBy] === b[orderBy] ? 0 : value;
    return sign * (first || byName(a, b));
  });
}
