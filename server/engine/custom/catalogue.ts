import {
  customEntityDefinition,
  customEntitySchema,
  customFieldSchema,
  type CustomField,
  type StoredCustomEntity,
} from '../../../protocol/custom-entity';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { BusChannel, type Bus, type Unsubscribe } from '../../bus/bus';
import { busOf } from '../../bus/node-bus';
import type { Db } from '../../db/database';

/** The bus message of a save: the nodes drop what they keep of that company. */
export type CustomChangedEvent = { company: number };

/** How long a node trusts what it read without hearing of a save (the bus is at-most-once). */
export const CUSTOM_TTL_MS = 30_000;

/** A company's custom entities (in force, not deleted) and custom fields by resource. */
export interface CompanyCustoms {
  entities: Map<string, { id: number; entity: StoredCustomEntity; definition: ResourceDefinition }>;
  fields: Map<string, CustomField[]>;
}

/**
 * What operators added live, per company, as every node reads it from the database: kept for at
 * most 30 s and forgotten as soon as a save is announced on the bus (docs/resources.md, "Custom
 * entities"), so a new entity or field is served by every node without a restart.
 */
export class CustomCatalogue {
  private readonly cache = new Map<number, { until: number; value: Promise<CompanyCustoms> }>();
  private unsubscribe: Unsubscribe | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe<CustomChangedEvent>(
      BusChannel.customDefinitions,
      ({ company }) => this.forget(company),
    );
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  forget(company: number): void {
    this.cache.delete(company);
  }

  of(company: number): Promise<CompanyCustoms> {
    const kept = this.cache.get(company);
    if (kept && kept.until > this.now()) return kept.value;
    const value = readCustoms(this.db, company);
    this.cache.set(company, { until: this.now() + CUSTOM_TTL_MS, value });
    value.catch(() => {
      if (this.cache.get(company)?.value === value) this.cache.delete(company);
    });
    return value;
  }
}

async function readCustoms(db: Db, company: number): Promise<CompanyCustoms> {
  const [entities, fields] = await Promise.all([
    db
      .selectFrom('core.custom_entities')
      .selectAll()
      .where('company_id', '=', company)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('core.custom_fields')
      .selectAll()
      .where('company_id', '=', company)
      .orderBy('id')
      .execute(),
  ]);
  const customs: CompanyCustoms = { entities: new Map(), fields: new Map() };
  for (const row of entities) {
    const entity = storedEntity(row);
    if (!entity) continue;
    customs.entities.set(entity.name, {
      id: Number(row.id),
      entity,
      definition: customEntityDefinition(entity),
    });
  }
  for (const row of fields) {
    const parsed = customFieldSchema.safeParse(row.field);
    if (!parsed.success) continue;
    const list = customs.fields.get(row.resource) ?? [];
    list.push(parsed.data);
    customs.fields.set(row.resource, list);
  }
  return customs;
}

/** A stored entity as the current code reads it; one it no longer understands is left out. */
export function storedEntity(row: {
  name: string;
  table: string;
  scope: string;
  title: unknown;
  fields: unknown;
  permissions: unknown;
  menu: unknown;
}): StoredCustomEntity | null {
  const parsed = customEntitySchema.safeParse({
    name: row.name,
    scope: row.scope,
    title: row.title,
    fields: row.fields,
    permissions: row.permissions,
    menu: row.menu,
  });
  return parsed.success ? { ...parsed.data, table: row.table } : null;
}

const catalogues = new WeakMap<Db, CustomCatalogue>();

/** The node's catalogue of a database (the app listens for saves on its bus; see app.ts). */
export function customCatalogue(db: Db): CustomCatalogue {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    catalogue = new CustomCatalogue(db);
    catalogues.set(db, catalogue);
  }
  return catalogue;
}

/** Forgets a company here and tells the other nodes. */
export async function announceCustoms(
  db: Db,
  company: number,
  log: { warn: (...a: unknown[]) => void },
) {
  customCatalogue(db).forget(company);
  await busOf(db)
    ?.publish<CustomChangedEvent>(BusChannel.customDefinitions, { company })
    .catch((error: unknown) =>
      log.warn({ err: error }, 'custom definitions saved; other nodes see them within 30 s'),
    );
}
