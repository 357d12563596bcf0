import type { ResourceSchema } from '../../protocol/resource-schema';
import type { Db } from '../db/database';
import { applyOverride } from '../../protocol/apply-override';
import { baseResource, type BaseResource } from './base';
import { readCatalogue, resolveAdded, tablesOf, type AddedColumn } from './catalogue';
import {
  mergeOverrides,
  type ResourceOverride,
  type ResourceOverrides,
} from '../../protocol/resource-override';
import type { LiveOverrides } from './live-overrides';

/** How long a project's resolved added columns are kept: an `ALTER TABLE` shows within a minute. */
export const CATALOGUE_TTL_MS = 60_000;

/** A resource as one project sees it. */
export interface EffectiveResource {
  base: BaseResource;
  schema: ResourceSchema;
  /** Added columns the project lacks, as sentences for the operator. */
  warnings: string[];
  /** The added columns the project has, by source. */
  added: ReadonlyMap<string, AddedColumn>;
}

export interface ProjectRef {
  db: Db;
  /** The project schema, `prj_<numero>`. */
  schema: string;
  numero: number;
  /** The project's company, whose saved overrides apply; absent: the file's only. */
  company?: number;
}

/**
 * The resources of one running server: the base schemas with the deployment's overrides and
 * those saved from the console, and per project the effective schema; a project's added columns
 * are resolved against its catalogue once a minute, not on every page of a list.
 */
export class Resources {
  private readonly cache = new Map<string, { until: number; value: Promise<EffectiveResource> }>();
  /** The overrides saved from the console; null until the app attaches its database. */
  live: LiveOverrides | null = null;

  constructor(
    readonly overrides: ResourceOverrides,
    // Replaceable in tests: the time, and how a project's catalogue is read.
    private readonly deps = { now: () => Date.now(), readCatalogue },
  ) {}

  /**
   * The override in force for a resource: the deployment's file, then the layers saved from the
   * console for every company, the company and the project (docs/resources.md).
   */
  async overrideOf(name: string, company?: number, numero?: number): Promise<ResourceOverride> {
    return mergeOverrides(await this.overrideLayers(name, company, numero));
  }

  /**
   * The layers `overrideOf` merges, as kept: the same objects until a save is announced or the
   * live overrides' time passes (the engine keeps what it derives from them by their identity).
   */
  async overrideLayers(name: string, company?: number, numero?: number) {
    const file = Object.hasOwn(this.overrides, name) ? this.overrides[name] : undefined;
    const saved =
      this.live && company !== undefined ? await this.live.layers(name, company, numero) : [];
    return [file, ...saved];
  }

  /** The effective resource for a project, or null when there is no such resource. */
  async effective(name: string, project: ProjectRef): Promise<EffectiveResource | null> {
    const base = baseResource(name);
    if (!base) return null;
    const override = await this.overrideOf(name, project.company, project.numero);
    if (override.add.length === 0) {
      return { base, schema: applyOverride(base.schema, override), warnings: [], added: new Map() };
    }
    const key = `${name}\u0000${project.schema}\u0000${JSON.stringify(override.add)}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > this.deps.now()) return cached.value;
    const value = (async () => {
      const catalogue = await this.deps.readCatalogue(
        project.db,
        project.schema,
        tablesOf(base, override.add),
      );
      const { columns, warnings } = resolveAdded(override.add, catalogue, base, project.numero);
      const types = new Map(columns.map((column) => [column.source, column.type]));
      const add = override.add
        .filter((field) => types.has(field.source))
        .map((field) => ({ ...field, type: types.get(field.source) }));
      return {
        base,
        schema: applyOverride(base.schema, { ...override, add }),
        warnings,
        added: new Map(columns.map((column) => [column.source, column])),
      };
    })();
    this.cache.set(key, { until: this.deps.now() + CATALOGUE_TTL_MS, value });
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    return value;
  }
}
