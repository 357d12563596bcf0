import type { Db } from '../db/database';
import { companyInactive } from './refusal';
import { hashSecret, type DeviceCredential } from './secrets';

export interface DeviceHome {
  mid: string;
  numero: number;
  /** The project's schema, `prj_<numero>`. */
  schema: string;
  /** The project's company, whose state decides whether the device is served (000 §6). */
  companyId?: number;
}

/** How long a company's state is trusted before it is read again (check-ins are frequent). */
const COMPANY_STATE_MS = 5000;

/**
 * Where each device lives. A MID never moves between projects (enrolment refuses it), so the
 * answer is cached; the credential itself is checked against the database on every use, which
 * is what lets a revocation take effect at once on every node.
 */
export class DeviceDirectory {
  private readonly homes = new Map<string, DeviceHome>();
  private readonly companies = new Map<number, { active: boolean; until: number }>();

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
      .select(['d.numero', 'p.schema_name', 'p.company_id'])
      .where('d.mid', '=', mid)
      .where('p.deleted', '=', false)
      .executeTakeFirst();
    if (!row) return null;
    const home = { mid, numero: row.numero, schema: row.schema_name, companyId: row.company_id };
    if (this.homes.size >= this.maxCached) this.homes.clear();
    this.homes.set(mid, home);
    return home;
  }

  forget(mid: string): void {
    this.homes.delete(mid);
  }

  /**
   * Throws the 403 refusal when the device's company is disabled (000 §6, docs/device-protocol.md
   * "Disabled companies"). The state is read at most every few seconds per company and node.
   */
  async requireActiveCompany(home: DeviceHome): Promise<void> {
    if (home.companyId === undefined) return;
    const now = Date.now();
    let state = this.companies.get(home.companyId);
    if (!state || state.until < now) {
      const row = await this.db
        .selectFrom('core.companies')
        .select('active')
        .where('id', '=', home.companyId)
        .executeTakeFirst();
      state = { active: row?.active ?? false, until: now + COMPANY_STATE_MS };
      if (this.companies.size >= 10_000) this.companies.clear();
      this.companies.set(home.companyId, state);
    }
    if (!state.active) throw companyInactive();
  }

  /**
   * The device's home when its credential is valid and not revoked; null otherwise. A valid
   * credential of a disabled company's device is refused (403) rather than called invalid.
   */
  async authenticate({ mid, credential }: DeviceCredential): Promise<DeviceHome | null> {
    const row = await this.db
      .selectFrom('core.device_directory as d')
      .innerJoin('core.projects as p', 'p.numero', 'd.numero')
      .innerJoin('core.companies as o', 'o.id', 'p.company_id')
      .select(['d.numero', 'p.schema_name', 'p.company_id', 'o.active'])
      .where('d.mid', '=', mid)
      .where('d.credential_hash', '=', hashSecret(credential))
      .where('d.revoked_at', 'is', null)
      .where('p.deleted', '=', false)
      .executeTakeFirst();
    if (!row) {
      this.forget(mid);
      return null;
    }
    if (!row.active) throw companyInactive();
    return { mid, numero: row.numero, schema: row.schema_name, companyId: row.company_id };
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
