import fs from 'node:fs';
import path from 'node:path';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { diffStorage, migrationName, migrationSource, type StorageDiff } from './migration-diff';
import { storageSnapshot, type StorageSnapshot } from './table';

/**
 * `npm run resources:migration` (cli-migration.ts): compares what the owned-storage definitions
 * ask for with the snapshot committed beside the migrations, and writes the difference as a new
 * dated Kysely migration in server/db/migrations, registered in its index, with the snapshot
 * brought up to date. The server never alters a table at start: only committed migrations do.
 */

export const SNAPSHOT_FILE = 'resources.snapshot.json';

export interface GeneratedMigration {
  name: string;
  source: string;
  snapshot: StorageSnapshot;
  up: StorageDiff;
}

/** The committed snapshot in a migrations folder (empty before the first owned table). */
export function readSnapshot(dir: string): StorageSnapshot {
  const file = path.join(dir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StorageSnapshot;
}

/** The migration the definitions need, or null when the committed tables are theirs already. */
export function generateMigration(
  dir: string,
  definitions: Iterable<ResourceDefinition>,
  now: Date,
): GeneratedMigration | null {
  const before = readSnapshot(dir);
  const after = storageSnapshot(definitions);
  const up = diffStorage(before, after);
  if (up.statements.length === 0) return null;
  const down = diffStorage(after, before);
  const existing = fs
    .readdirSync(dir)
    .filter((file) => /^\d{8}_\d{4}_.*\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''));
  const tables = [...new Set(up.summary.map((line) => line.split(':')[0]))];
  const name = migrationName(existing, tables, now);
  return { name, source: migrationSource(up, down), snapshot: after, up };
}

/** `20261129_0020_resources_managed_apps` → `resourcesManagedApps20`: the index's import name. */
function importName(name: string): string {
  const [, number, ...words] = name.split('_');
  const camel = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
  return `${camel}${Number(number)}`;
}

/** Writes the migration, registers it at the end of the index and writes the snapshot. */
export function writeMigration(dir: string, migration: GeneratedMigration): string {
  const file = path.join(dir, `${migration.name}.ts`);
  fs.writeFileSync(file, migration.source);
  const indexFile = path.join(dir, 'index.ts');
  const index = fs.readFileSync(indexFile, 'utf8');
  const alias = importName(migration.name);
  const importLine = `import * as ${alias} from './${migration.name}';\n`;
  const lastImport = index.lastIndexOf('import * as ');
  const afterImports = index.indexOf('\n', lastImport) + 1;
  const closing = index.lastIndexOf('};');
  if (lastImport < 0 || closing < afterImports) throw new Error(`${indexFile}: unexpected shape`);
  const updated =
    index.slice(0, afterImports) +
    importLine +
    index.slice(afterImports, closing) +
    `  '${migration.name}': ${alias},\n` +
    index.slice(closing);
  fs.writeFileSync(indexFile, updated);
  fs.writeFileSync(
    path.join(dir, SNAPSHOT_FILE),
    `${JSON.stringify(migration.snapshot, null, 2)}\n`,
  );
  return file;
}
