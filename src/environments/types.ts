import type { EnvironmentEntry } from '../../protocol/projects';

/** What the console keeps of an environment to reach it: its server and its identity provider. */
export type EnvironmentRef = Pick<
  EnvironmentEntry,
  'id' | 'title' | 'address' | 'authority' | 'external'
>;

/** The reference part of an environment entry (the rest is licence figures). */
export function environmentRef(entry: EnvironmentRef): EnvironmentRef {
  const { id, title, address, authority, external } = entry;
  return { id, title, address, authority, external };
}
