import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../../protocol/resource-entity';
import { field } from '../../../protocol/resource-schema';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { diffStorage, migrationName } from '../../../server/engine/migration-diff';
import {
  generateMigration,
  readSnapshot,
  writeMigration,
} from '../../../server/engine/migration-files';
import { storageSnapshot, StorageError, tableSpec } from '../../../server/engine/table';

const MIGRATIONS = path.resolve(__dirname, '../../../server/db/migrations');

const permissions = { read: { role: 'user' as const }, write: { role: 'admin' as const } };
const wifis = (fields = [field('ssid', 'text', { required: true, unique: true, create: true })]) =>
  defineEntity({
    name: 'kiosk-wifis',
    table: 'kiosk_wifis',
    title: { one: { es: 'Wifi', en: 'Wifi' }, many: { es: 'Wifis', en: 'Wifis' } },
    path: '/app/kiosk-wifis',
    permissions,
    fields,
  });

describe('the table of an owned-storage definition', () => {
  it('has the engine’s columns, a real column per field and indexes for sort, filter and unique', () => {
    const spec = tableSpec(wifis());
    expect(spec.columns.map((c) => c.name)).toEqual([
      'id',
      'company_id',
      'version',
      'custom',
      'created_at',
      'updated_at',
      'ssid',
    ]);
    expect(spec.columns.at(-1)).toEqual({
      name: 'ssid',
      type: 'text',
      notNull: true,
      default: null,
    });
    expect(spec.indexes.map((i) => [i.name, i.unique, i.using])).toEqual([
      ['kiosk_wifis_ssid_key', true, '(company_id, "ssid")'],
      ['kiosk_wifis_ssid_trgm', false, 'USING gin (lower("ssid") gin_trgm_ops)'],
      ['kiosk_wifis_updated_idx', false, '(company_id, updated_at, id)'],
    ]);
  });

  it('indexes a text by lower(): its sort and its "equals" read that index (bench engine)', () => {
    const spec = tableSpec(wifis([field('ssid', 'text', { create: true })]));
    expect(spec.indexes.map((i) => [i.name, i.using])).toEqual([
      ['kiosk_wifis_ssid_idx', '(company_id, lower("ssid"), id) INCLUDE ("ssid")'],
      ['kiosk_wifis_ssid_trgm', 'USING gin (lower("ssid") gin_trgm_ops)'],
      ['kiosk_wifis_updated_idx', '(company_id, updated_at, id)'],
    ]);
  });

  it('refuses what cannot be a column, with the reason', () => {
    const bad = wifis([field('company_id', 'int', { create: true })]);
    expect(() => tableSpec(bad)).toThrow(StorageError);
    expect(() => tableSpec(wifis([field('photo', 'file')]))).toThrow(/cannot be owned storage/);
    expect(() => tableSpec({ ...wifis(), storage: { table: 'Bad-Name', wireNames: {} } })).toThrow(
      /storage table/,
    );
  });
});

describe('the migration generator', () => {
  const before = storageSnapshot([wifis()]);

  it('creates a new table, and drops it going down', () => {
    const up = diffStorage({}, before);
    expect(up.summary).toEqual(['kiosk_wifis: create table']);
    expect(up.statements[0]).toMatch(/^CREATE TABLE core\.kiosk_wifis \(\n {2}"id" bigint/);
    expect(up.statements).toContain(
      'CREATE UNIQUE INDEX kiosk_wifis_ssid_key ON core.kiosk_wifis (company_id, "ssid")',
    );
    expect(diffStorage(before, {}).statements).toEqual(['DROP TABLE core.kiosk_wifis']);
  });

  it('adds, changes and drops columns and their indexes', () => {
    const after = storageSnapshot([
      wifis([
        field('ssid', 'longtext', { required: false, create: true }),
        field('hidden', 'boolean', { required: true, default: false, create: true }),
        field('priority', 'int', { required: true, create: true }),
      ]),
    ]);
    const { statements, summary } = diffStorage(before, after);
    expect(statements).toEqual([
      'DROP INDEX core.kiosk_wifis_ssid_key',
      'ALTER TABLE core.kiosk_wifis ALTER COLUMN "ssid" DROP NOT NULL',
      'ALTER TABLE core.kiosk_wifis ADD COLUMN "hidden" boolean NOT NULL DEFAULT false',
      '-- review: "priority" is required without a default; fill it before SET NOT NULL',
      'ALTER TABLE core.kiosk_wifis ADD COLUMN "priority" integer',
      'ALTER TABLE core.kiosk_wifis ALTER COLUMN "priority" SET NOT NULL',
      'CREATE INDEX kiosk_wifis_ssid_idx ON core.kiosk_wifis (company_id, "ssid", id)',
      'CREATE INDEX kiosk_wifis_hidden_idx ON core.kiosk_wifis (company_id, "hidden", id)',
      'CREATE INDEX kiosk_wifis_priority_idx ON core.kiosk_wifis (company_id, "priority", id)',
    ]);
    expect(summary).toContain('kiosk_wifis: add column hidden');
    const down = diffStorage(after, before).statements;
    expect(down).toContain('ALTER TABLE core.kiosk_wifis DROP COLUMN "priority"');
    expect(down).toContain(
      'CREATE UNIQUE INDEX kiosk_wifis_ssid_key ON core.kiosk_wifis (company_id, "ssid")',
    );
  });

  it('changes a type with a cast, a default, and fills a column made required', () => {
    const one = storageSnapshot([wifis([field('channel', 'text', { create: true })])]);
    const two = storageSnapshot([
      wifis([field('channel', 'int', { create: true, required: true, default: 6 })]),
    ]);
    // After the text's two indexes are dropped (its lower() btree and its trigrams).
    expect(diffStorage(one, two).statements.slice(2, 6)).toEqual([
      'ALTER TABLE core.kiosk_wifis ALTER COLUMN "channel" TYPE integer USING "channel"::integer',
      'ALTER TABLE core.kiosk_wifis ALTER COLUMN "channel" SET DEFAULT 6',
      'UPDATE core.kiosk_wifis SET "channel" = 6 WHERE "channel" IS NULL',
      'ALTER TABLE core.kiosk_wifis ALTER COLUMN "channel" SET NOT NULL',
    ]);
  });

  it('makes a reference to an owned resource a foreign key, its table created first', () => {
    const profiles = defineEntity({
      name: 'a-profiles',
      table: 'a_profiles',
      title: { one: { es: 'Perfil', en: 'Profile' }, many: { es: 'Perfiles', en: 'Profiles' } },
      path: '/app/a-profiles',
      permissions,
      fields: [
        field('wifi', 'reference', { reference: 'kiosk-wifis', create: true }),
        field('group', 'reference', { reference: 'groups', create: true }),
      ],
    });
    const both = storageSnapshot([profiles, wifis()]);
    expect(both.a_profiles.columns.slice(-2)).toEqual([
      { name: 'wifi', type: 'bigint', notNull: false, default: null, references: 'kiosk_wifis' },
      // A resource the engine does not store is no foreign key.
      { name: 'group', type: 'bigint', notNull: false, default: null },
    ]);
    const { statements } = diffStorage({}, both);
    const creates = statements.filter((s) => s.startsWith('CREATE TABLE'));
    expect(creates.map((s) => s.split(' ')[2])).toEqual(['core.kiosk_wifis', 'core.a_profiles']);
    expect(creates[1]).toContain(
      '"wifi" bigint REFERENCES core.kiosk_wifis (id) ON DELETE RESTRICT',
    );
    expect(diffStorage(both, {}).statements).toEqual([
      'DROP TABLE core.a_profiles',
      'DROP TABLE core.kiosk_wifis',
    ]);
    const unlinked = storageSnapshot([
      defineEntity({
        ...profiles,
        table: 'a_profiles',
        permissions,
        fields: [field('wifi', 'int')],
      }),
      wifis(),
    ]);
    expect(diffStorage(unlinked, both).statements).toContain(
      'ALTER TABLE core.a_profiles ADD CONSTRAINT "a_profiles_wifi_fkey" FOREIGN KEY ("wifi") REFERENCES core.kiosk_wifis (id) ON DELETE RESTRICT',
    );
  });

  it('names the next migration after the existing ones, never before the newest day', () => {
    const existing = ['20261122_0001_core', '20261129_0019_revisions'];
    expect(migrationName(existing, ['kiosk_wifis'], new Date('2026-12-01T10:00:00Z'))).toBe(
      '20261201_0020_resources_kiosk_wifis',
    );
    expect(migrationName(existing, ['a', 'b'], new Date('2026-11-01T10:00:00Z'))).toBe(
      '20261129_0020_resources_a_b',
    );
  });

  it('writes a migration file, registers it in the index and keeps the snapshot', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-migrations-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'index.ts'),
        "import * as core from './20261122_0001_core';\n\nexport const coreMigrations = {\n  '20261122_0001_core': core,\n};\n",
      );
      fs.writeFileSync(path.join(dir, '20261122_0001_core.ts'), '');
      const now = new Date('2026-12-01T10:00:00Z');
      const migration = generateMigration(dir, [wifis()], now)!;
      expect(migration.name).toBe('20261201_0002_resources_kiosk_wifis');
      writeMigration(dir, migration);
      const source = fs.readFileSync(path.join(dir, `${migration.name}.ts`), 'utf8');
      expect(source).toContain('//   kiosk_wifis: create table');
      expect(source).toContain('CREATE TABLE core.kiosk_wifis (');
      expect(source).toContain('DROP TABLE core.kiosk_wifis;');
      const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
      expect(index).toContain(
        "import * as resourcesKioskWifis2 from './20261201_0002_resources_kiosk_wifis';",
      );
      expect(index).toContain("  '20261201_0002_resources_kiosk_wifis': resourcesKioskWifis2,\n};");
      expect(readSnapshot(dir)).toEqual(storageSnapshot([wifis()]));
      // Nothing changed since: nothing to write.
      expect(generateMigration(dir, [wifis()], now)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a committed migration for every owned definition as it is now', () => {
    // A definition changed without `npm run resources:migration` fails here, not at start.
    const wanted = storageSnapshot(Object.values(RESOURCE_DEFINITIONS));
    expect(readSnapshot(MIGRATIONS)).toEqual(wanted);
    expect(Object.keys(wanted)).toContain('managed_apps');
  });
});
