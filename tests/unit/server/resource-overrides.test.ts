import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { fieldTypeOf } from '../../../server/resources/catalogue';
import { OVERRIDE_TARGETS } from '../../../protocol/resource-override';
import { loadResourceOverrides, ResourceOverrideError } from '../../../server/resources/overrides';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-overrides-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
function write(content: unknown): string {
  const file = path.join(dir, `overrides-${++files}.json`);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const devicelist = (override: unknown) => write({ resources: { devicelist: override } });

function refusal(file: string): string {
  try {
    loadResourceOverrides(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ResourceOverrideError);
    return (error as Error).message;
  }
  throw new Error(`${file} was accepted`);
}

describe('loadResourceOverrides', () => {
  it('means no overrides without a file', () => {
    expect(loadResourceOverrides(undefined)).toEqual({});
  });

  it('reads the documented example, with defaults for what it leaves out', () => {
    const file = devicelist({
      hide: ['PIN2'],
      order: ['MID', 'OWNER', 'DEVICE_TYPE'],
      fields: {
        OWNER: { label: { es: 'Titular', en: 'Holder' }, filter: false, export: false },
      },
      add: [
        { source: 'COSTCENTER', label: { es: 'Centro de coste', en: 'Cost centre' } },
        { source: 'device_info.LASTGPS', label: { es: 'Último GPS', en: 'Last GPS' } },
      ],
    });
    const overrides = loadResourceOverrides(file);
    expect(overrides.devicelist.hide).toEqual(['PIN2']);
    expect(overrides.devicelist.add[1].source).toBe('device_info.LASTGPS');
    expect(loadResourceOverrides(devicelist({}))).toEqual({
      devicelist: { hide: [], order: [], fields: {}, add: [] },
    });
  });

  it('names the file when it is missing or not JSON', () => {
    const missing = path.join(dir, 'missing.json');
    expect(refusal(missing)).toBe(
      `Cannot read the resource overrides file ${missing} (RESOURCE_OVERRIDES): ENOENT`,
    );
    const bad = write('{ "resources": { ');
    expect(refusal(bad)).toMatch(
      new RegExp(`^The resource overrides file ${bad} \\(RESOURCE_OVERRIDES\\) is not valid JSON`),
    );
  });

  it('refuses an unknown resource, naming the known ones', () => {
    const file = write({ resources: { devices: {} } });
    expect(Object.keys(OVERRIDE_TARGETS).slice(0, 3)).toEqual([
      'devicelist',
      'companies',
      'actions',
    ]);
    expect(refusal(file)).toBe(
      `Invalid resource overrides in ${file} (RESOURCE_OVERRIDES):\n` +
        // Every declared resource, the device list first (protocol/resources/index.ts).
        `  resources.devices: unknown resource (known: ${Object.keys(OVERRIDE_TARGETS).join(', ')})`,
    );
  });

  it('refuses unknown fields in hide, order and fields, one line each', () => {
    const message = refusal(
      devicelist({ hide: ['PINX'], order: ['MID', 'OWNR'], fields: { EMIAL: { list: false } } }),
    );
    expect(message).toMatch(/\n {2}resources\.devicelist\.hide\.0: unknown field "PINX"/);
    expect(message).toMatch(/\n {2}resources\.devicelist\.order\.1: unknown field "OWNR"/);
    expect(message).toMatch(/\n {2}resources\.devicelist\.fields\.EMIAL: unknown field "EMIAL"/);
    expect(message.split('\n')).toHaveLength(4);
  });

  it('refuses source names that are not COLUMN or table.COLUMN', () => {
    for (const source of ['1COL', 'a-b', 'x.y.z', 'COL"; DROP TABLE devices; --', '', 'a.', 'é']) {
      const message = refusal(devicelist({ add: [{ source, label: { es: 'a', en: 'a' } }] }));
      expect(message).toMatch(
        /resources\.devicelist\.add\.0\.source: must be COLUMN or table\.COLUMN/,
      );
    }
    const long = refusal(
      devicelist({ add: [{ source: `T.${'C'.repeat(64)}`, label: { es: 'a', en: 'a' } }] }),
    );
    expect(long).toMatch(/at most 63 characters/);
  });

  it('refuses an added field that repeats a field or names its own table', () => {
    const label = { es: 'a', en: 'a' };
    const message = refusal(
      devicelist({
        add: [
          { source: 'MID', label },
          { source: 'X', label },
          { source: 'X', label },
          { source: 'devices.COSTCENTER', label },
        ],
      }),
    );
    expect(message).toMatch(/add\.0\.source: MID is already a field/);
    expect(message).toMatch(/add\.2\.source: X is already a field/);
    expect(message).toMatch(/add\.3\.source: a column of devices is written COSTCENTER/);
  });

  it('refuses changing a type or source, editing an added field, or a field without a label', () => {
    const fields = refusal(devicelist({ fields: { OWNER: { type: 'int' } } }));
    expect(fields).toMatch(
      /fields\.OWNER: cannot change type \(a field's type and source are fixed/,
    );
    const added = refusal(
      devicelist({ add: [{ source: 'X', label: { es: 'a', en: 'a' }, edit: true, type: 'int' }] }),
    );
    expect(added).toMatch(/add\.0: unknown key edit, type \(an added field is never edited/);
    expect(refusal(devicelist({ add: [{ source: 'X' }] }))).toMatch(/add\.0\.label/);
    expect(refusal(devicelist({ hide: 'PIN2' }))).toMatch(/hide: Invalid input: expected array/);
    expect(refusal(write({ devicelist: {} }))).toMatch(/\(file\)|resources/);
  });

  it('stops buildApp before anything else runs', async () => {
    const config = loadConfig({ RESOURCE_OVERRIDES: devicelist({ hide: ['NOPE'] }) });
    await expect(
      buildApp({ config, db: null as unknown as Db, sandbox: null as never }),
    ).rejects.toThrow(/unknown field "NOPE"/);
  });
});

describe('fieldTypeOf', () => {
  it('maps the catalogue types to field types, anything else to text', () => {
    expect(
      [
        'integer',
        'bigint',
        'smallint',
        'numeric',
        'real',
        'double precision',
        'date',
        'timestamp without time zone',
        'timestamp with time zone',
        'boolean',
        'text',
        'uuid',
        'jsonb',
      ].map(fieldTypeOf),
    ).toEqual([
      'int',
      'int',
      'int',
      'float',
      'float',
      'float',
      'date',
      'datetime',
      'datetime',
      'boolean',
      'text',
      'text',
      'text',
    ]);
  });
});
