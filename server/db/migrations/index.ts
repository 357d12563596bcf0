import type { Migration } from 'kysely';
import * as core from './20261122_0001_core';

/** Every core migration, by its timestamped name; a new one is added at the end. */
export const coreMigrations: Record<string, Migration> = {
  '20261122_0001_core': core,
};
