import type { Db } from '../db/database';
import { hashSecret, type DeviceCredential } from './secrets';

export interface DeviceHome {
  mid: string;
  numero: number;
  /** The project's schema, `prj_<numero>`. */
  schema: string;
}

/**
 * Where each device lives. A MID never moves between projects (enrolment refuses it), so the
 * answer is cached; the credential itself is checked against the database on every use, which
 * is what lets a revocation take effect at once on every node.
 */
export class DeviceDirectory {
  private readonly homes = new Map<string, DeviceHome>();

  constructor(
    private readonly db: Db,
    private readonly maxCached = 200_000,
  ) {}

  /** The project of a MID, from the cache or the directory; null when not enrolled. */
  async home(mid: string): Promise<DeviceHome | null> {
    const cached = this.homes.get(mid);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('core.device_directory as d')
      .innerJoin('core.projects as p', 'p.numero', 'd.numero')
      .select(['d.numero', 'p.schema_name'])
      .where('d.mid', '=', mid)
      .where('p.deleted', '=', false)
      .executeTakeFirst();
    if (!row) return null;
    const home = { mid, numero: row.numero, schema: row.schema_name };
    if (this.homes.size >= this.maxCached) this.homes.clear();
    this.homes.set(mid, home);
    return home;
  }

  forget(mid: string): void {
    this.homes.delete(mid);
  }

  /** The device's home when its credential is valid and not revoked; null otherwise. */
  async authenticate({ mid, credential }: DeviceCredential): Promise<DeviceHome | null> {
    const row = await this.db
      .selectFrom('core.device_directory as d')
      .innerJoin('core.projects as p', 'p.numero', 'd.numero')
      .select(['d.numero', 'p.schema_name'])
      .where('d.mid', '=', mid)
      .where('d.credential_hash', '=', hashSecret(credential))
      .where('d.revoked_at', 'is', null)
      .where('p.deleted', '=', false)
      .executeTakeFirst();
    if (!row) {
      this.forget(mid);
      return null;
    }
    return { mid, numero: row.numero, schema: row.schema_name };
  }
}

/**
 * Revokes a device's credential: its check-ins and new WebSockets are refused until it enrols
 * again. DeviceHub.revoke also closes a socket that is open (on whichever node).
 */
export async function revokeDeviceCredential(db: Db, mid: string): Promise<boolean> {
  const result = await db
    .updateTable('core.device_directory')
    .set({ revoked_at: new Date(), online: false })
    .where('mid', '=', mid)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
