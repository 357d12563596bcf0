import type { Config } from '../config';
import type { Db } from '../db/database';
import { localFileStore } from './local-store';
import { postgresFileStore } from './postgres-store';
import type { FileStore } from './store';

export * from './store';
export { localFileStore } from './local-store';
export { CHUNK_BYTES, postgresFileStore } from './postgres-store';

/**
 * The file store FILE_STORE names: the node's own DATA_DIR (`local`) or the database every node
 * shares (`postgres`). Both hold no state of their own, so making one per call costs nothing.
 *
 * @example
 *   const store = fileStore(config, db);
 *   const logs = await store.list('helpdesk/prj_1/MID-1/devicelogs/');
 */
export function fileStore(config: Pick<Config, 'FILE_STORE' | 'DATA_DIR'>, db: Db): FileStore {
  return config.FILE_STORE === 'postgres' ? postgresFileStore(db) : localFileStore(config.DATA_DIR);
}
