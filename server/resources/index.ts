import type { Config } from '../config';
import { loadResourceOverrides } from './overrides';
import { Resources } from './resources';

declare module 'fastify' {
  interface FastifyInstance {
    /** The resource schemas with the deployment's overrides (docs/resources.md). */
    resources: Resources;
  }
}

const byConfig = new WeakMap<Config, Resources>();

/**
 * The resources of the server built with this configuration. Handlers reach deployment-wide
 * state through `ctx.config`, so the registry is kept per configuration object: one per app,
 * and tests that build several apps get a catalogue cache each. The first call reads the
 * override file; buildApp makes that call, so a bad file stops the start.
 */
export function resourcesFor(config: Config): Resources {
  let resources = byConfig.get(config);
  if (!resources) {
    resources = new Resources(loadResourceOverrides(config.RESOURCE_OVERRIDES));
    byConfig.set(config, resources);
  }
  return resources;
}

export { Resources } from './resources';
export type { EffectiveResource } from './resources';
export { ResourceOverrideError } from './overrides';
