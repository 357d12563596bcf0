import { sql } from 'kysely';
import { resourceOverrideSchema, type ResourceOverride } from '../../protocol/resource-override';
import { BusChannel, type Bus, type Unsubscribe } from '../bus/bus';
import type { Db } from '../db/database';

/** Where an override applies: every company (the top administrator's defaults), one, one project. */
export interface OverrideScope {
  /** null: the defaults for every company. */
  company: number | null;
  /** null: the whole company. */
  numero: number | null;
}

/** A saved override in force: the newest version of its scope. */
export interface OverrideLayer extends OverrideScope {
  resource: string;
  version: number;
  override: ResourceOverride | null;
}

/** The bus message of a save: the nodes drop what they keep of that company (null: all). */
export type OverridesChangedEvent = { company: number | null };

/**
 * How long a node trusts what it read without hearing of a save. Saves are announced on the bus,
 * which is at-most-once: a node that missed one catches up within this time.
 */
export const LIVE_OVERRIDES_TTL_MS = 30_000;

/**
 * The overrides operators save from the console (docs/resources.md, "Changing a resource
 * live"), read per company — its own layers and every company's defaults — and kept until a save
 * is announced on the bus or the time above passes. Every node of a deployment reads the same
 * table, so a save takes effect on all of them without a restart.
 */
export class LiveOverrides {
  private readonly cache = new Map<number, { until: number; value: Promise<OverrideLayer[]> }>();
  private unsubscribe: Unsubscribe | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe<OverridesChangedEvent>(
      BusChannel.resourceOverrides,
      ({ company }) => this.forget(company),
    );
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Drops what is kept of a company, or of every company. */
  forget(company: number | null): void {
    if (company === null) this.cache.clear();
    else this.cache.delete(company);
  }

  /** A resource's saved layers for a company and one of its projects, by scope (absent: none). */
  async scopes(resource: string, company: number, numero: number | null = null) {
    const rows = await this.rowsOf(company);
    const pick = (scope: OverrideScope) =>
      rows.find(
        (row) =>
          row.resource === resource && row.company === scope.company && row.numero === scope.numero,
      )?.override ?? undefined;
    return {
      default: pick({ company: null, numero: null }),
      company: pick({ company, numero: null }),
      project: numero === null ? undefined : pick({ company, numero }),
    };
  }

  /**
   * The layers of a resource for a company and, optionally, one of its projects, from the most
   * general: every company's defaults, the company's, the project's. A removed layer is left out.
   */
  async layers(resource: string, company: number, numero: number | null = null) {
    const scopes = await this.scopes(resource, company, numero);
    return [scopes.default, scopes.company, scopes.project].filter(
      (layer): layer is ResourceOverride => layer !== undefined,
    );
  }

  private rowsOf(company: number): Promise<OverrideLayer[]> {
    const kept = this.cache.get(company);
    if (kept && kept.until > this.now()) return kept.value;
    const value = readLayers(this.db, company);
    this.cache.set(company, { until: this.now() + LIVE_OVERRIDES_TTL_MS, value });
    value.catch(() => {
      if (this.cache.get(company)?.value === value) this.cache.delete(company);
    });
    return value;
  }
}

/** A stored override as the current code reads it; one it no longer understands counts as none. */
export function storedOverride(json: unknown): ResourceOverride | null {
  if (json === null || json === undefined) return null;
  const parsed = resourceOverrideSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The newest version of every scope that concerns a company, in one query. */
async function readLayers(db: Db, company: number): Promise<OverrideLayer[]> {
  const rows = await db
    .selectFrom('core.resource_overrides')
    .select(['company_id', 'numero', 'resource', 'version', 'override'])
    .distinctOn([sql`coalesce(company_id, 0)`, sql`coalesce(numero, 0)`, 'resource'])
    .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', company)]))
    .orderBy(sql`coalesce(company_id, 0)`)
    .orderBy(sql`coalesce(numero, 0)`)
    .orderBy('resource')
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    company: row.company_id,
    numero: row.numero,
    resource: row.resource,
    version: row.version,
    override: storedOverride(row.override),
  }));
}
