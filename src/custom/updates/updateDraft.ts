import {
  APP_PATH,
  UPDATE_TYPES,
  type UpdateFileEntry,
  type UpdateTypeName,
} from '../../../protocol/updates';

/** An entry of the new update's file list; copy and sql entries carry the file to upload. */
export interface DraftFile extends UpdateFileEntry {
  key: string;
  file?: File;
}

export type FileAction =
  | { type: 'addFiles'; kind: 'copy' | 'sql'; files: File[] }
  | { type: 'addNamed'; kind: 'delete' | 'execute'; name: string }
  | { type: 'setSql'; sql: string }
  | { type: 'remove'; key: string }
  | { type: 'flag'; key: string; flag: 'register' | 'execute'; value: boolean }
  | { type: 'path'; key: string; path: string };

let counter = 0;
const nextKey = () => `f${++counter}`;

/** The one direct-SQL entry's name: the text runs on the device, no file travels. */
export const DIRECT_SQL_NAME = 'update.sql';

/**
 * The file list's changes (000 §4, §5): files added to copy or run as SQL, delete and execute
 * entries by name, the direct-SQL entry set from the editor's text (an empty text removes it),
 * flags and paths per entry.
 */
export function fileListReducer(list: DraftFile[], action: FileAction): DraftFile[] {
  switch (action.type) {
    case 'addFiles':
      return [
        ...list,
        ...action.files.map((file) => ({
          key: nextKey(),
          type: action.kind,
          name: file.name,
          path: APP_PATH,
          size: file.size,
          register: false,
          execute: false,
          file,
        })),
      ];
    case 'addNamed': {
      const name = action.name.trim();
      if (!name) return list;
      return [
        ...list,
        {
          key: nextKey(),
          type: action.kind,
          name,
          path: APP_PATH,
          size: 0,
          register: false,
          execute: action.kind === 'execute',
        },
      ];
    }
    case 'setSql': {
      const rest = list.filter((entry) => entry.type !== 'sqlDirect');
      if (!action.sql.trim()) return rest;
      const existing = list.find((entry) => entry.type === 'sqlDirect');
      const entry: DraftFile = {
        key: existing?.key ?? nextKey(),
        type: 'sqlDirect',
        name: DIRECT_SQL_NAME,
        path: existing?.path ?? APP_PATH,
        size: new TextEncoder().encode(action.sql).length,
        sql: action.sql,
        register: false,
        execute: true,
      };
      // The entry keeps its place when its text changes.
      return existing ? list.map((e) => (e.key === existing.key ? entry : e)) : [...list, entry];
    }
    case 'remove':
      return list.filter((entry) => entry.key !== action.key);
    case 'flag':
      return list.map((e) => (e.key === action.key ? { ...e, [action.flag]: action.value } : e));
    case 'path':
      return list.map((e) => (e.key === action.key ? { ...e, path: action.path } : e));
  }
}

/** The entries as uploadPublish receives them (no keys, no File objects). */
export function wireEntries(list: DraftFile[]): UpdateFileEntry[] {
  return list.map(({ type, name, path, size, sql, register, execute }) => ({
    type,
    name,
    path: path.trim() || APP_PATH,
    size,
    ...(type === 'sqlDirect' ? { sql } : {}),
    register,
    execute,
  }));
}

export interface DraftTarget {
  type: UpdateTypeName | '';
  platform: number;
  mids: string[];
  groups: number[];
}

/** What stops a publish (000 §5): its message key and the selection list to open, if any. */
export interface DraftProblem {
  /** A key of UPDATE_MESSAGES, or 'noFiles' (Flota's). */
  message: 'noType' | 'noDevices' | 'noGroups' | 'noFiles';
  open?: 'devices' | 'groups';
}

export function validateDraft(target: DraftTarget, files: DraftFile[]): DraftProblem | null {
  if (!target.type) return { message: 'noType' };
  if (target.type === 'LICENCIA' && target.mids.length === 0)
    return { message: 'noDevices', open: 'devices' };
  if (target.type === 'GRUPOS' && target.groups.length === 0)
    return { message: 'noGroups', open: 'groups' };
  if (files.length === 0) return { message: 'noFiles' };
  return null;
}

/** The confirmed share of an update's devices, truncated (000 §2): 2 of 3 is 66, never 67. */
export function confirmedPercent(ok: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.trunc((Math.min(ok, total) * 100) / total);
}

/** The wire code of a type name. */
export const typeCode = (type: UpdateTypeName) => UPDATE_TYPES[type];
