import { sql } from 'kysely';
import type { DeviceUpdate } from '../../protocol/device-protocol';
import type { UpdateFile, UpdateFileType, UpdateType } from '../../protocol/updates';
import type { Db } from '../db/database';

/**
 * The rows of device_updates a device is still to apply: not confirmed, and not reported failed.
 * A failure is not announced again until an operator resets the device's updates
 * (resetUpdatesForMID clears ERROR), so a device whose update cannot apply does not retry it at
 * every check-in. The check-in statement (server/device/checkin.ts) uses the same condition.
 */
export const PENDING_FOR_DEVICE = sql.raw(`NOT "CONFIRMADA" AND "ERROR" IS NULL`);

interface FileRow {
  ID: number;
  VERSION: number;
  VERSIONCOMPLETA: string | null;
  TIPO: number;
  NUMERO: number | null;
  TYPE: UpdateFileType | null;
  NAME: string | null;
  PATH: string | null;
  SIZE: string | null;
  SQLTEXT: string | null;
  REGISTER: boolean | null;
  EXECUTE: boolean | null;
}

/** A stored file as filesForUpdate and the device read it (000 §3 flags). */
export function updateFileOf(row: Omit<FileRow, 'ID' | 'VERSION' | 'VERSIONCOMPLETA' | 'TIPO'>) {
  const type = row.TYPE ?? 'copy';
  const file: UpdateFile = {
    numero: row.NUMERO ?? 0,
    name: row.NAME ?? '',
    path: row.PATH ?? '',
    size: Number(row.SIZE ?? 0),
    sql: row.SQLTEXT,
    IsForExecute: type === 'execute' || (row.EXECUTE ?? false),
    IsCopy: type === 'copy',
    IsProvisioning: false,
    IsSqlFile: type === 'sql',
    IsSqlDirect: type === 'sqlDirect',
    IsDelete: type === 'delete',
    register: row.REGISTER ?? false,
  };
  return file;
}

/** Published updates never change (a deleted one loses its device rows), so they are cached. */
const MAX_CACHED = 2000;

/**
 * What a device is told of its pending updates: version, full version, type and files, read by
 * update ID. Each published update is read once per node and kept.
 */
export class PendingUpdates {
  private readonly cache = new Map<string, DeviceUpdate>();

  constructor(private readonly db: Db) {}

  /** The updates of these IDs (of device_updates rows), in version order. */
  async details(schema: string, ids: number[]): Promise<DeviceUpdate[]> {
    if (ids.length === 0) return [];
    const missing = ids.filter((id) => !this.cache.has(`${schema}/${id}`));
    if (missing.length > 0) await this.load(schema, missing);
    return ids
      .map((id) => this.cache.get(`${schema}/${id}`))
      .filter((update): update is DeviceUpdate => update !== undefined)
      .sort((a, b) => a.version - b.version);
  }

  /** The pending updates of one device (GET /updates), by the ("MID") index. */
  async forDevice(schema: string, mid: string): Promise<DeviceUpdate[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT "UPDATE_ID" AS id FROM ${sql.id(schema, 'device_updates')}
      WHERE "MID" = ${mid} AND ${PENDING_FOR_DEVICE}
    `.execute(this.db);
    return this.details(
      schema,
      rows.map((row) => row.id),
    );
  }

  private async load(schema: string, ids: number[]): Promise<void> {
    const { rows } = await sql<FileRow>`
      SELECT u."ID", u."VERSION", u."VERSIONCOMPLETA", u."TIPO", f."NUMERO", f."TYPE", f."NAME",
             f."PATH", f."SIZE", f."SQLTEXT", f."REGISTER", f."EXECUTE"
      FROM ${sql.id(schema, 'updates')} AS u
      LEFT JOIN ${sql.id(schema, 'update_files')} AS f ON f."UPDATE_ID" = u."ID"
      WHERE u."ID" = ANY(${ids}::int[]) AND u."STATE" = 'published'
      ORDER BY u."ID", f."NUMERO"
    `.execute(this.db);
    if (this.cache.size + ids.length > MAX_CACHED) this.cache.clear();
    for (const row of rows) {
      const key = `${schema}/${row.ID}`;
      let update = this.cache.get(key);
      if (!update) {
        update = {
          version: row.VERSION,
          versionCompleta: row.VERSIONCOMPLETA ?? String(row.VERSION),
          tipo: row.TIPO as UpdateType,
          files: [],
        };
        this.cache.set(key, update);
      }
      if (row.NUMERO !== null) update.files.push(updateFileOf(row));
    }
  }
}
