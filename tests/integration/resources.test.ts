import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { field } from '../../protocol/resource-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LIST_SCHEMA, DEVICE_ROW_ALWAYS } from '../../protocol/device-schema';
import { deviceState, startOfDay } from '../../protocol/devices';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-resources-'));
const overridesFile = path.join(dir, 'overrides.json');
const label = (es: string, en: string) => ({ es, en });

fs.writeFileSync(
  overridesFile,
  JSON.stringify({
    resources: {
      devicelist: {
        hide: ['PIN2', 'STATUS', 'ID'],
        order: ['MID', 'OWNER', 'DEVICE_TYPE'],
        fields: {
          OWNER: { label: label('Titular', 'Holder'), filter: false, export: false },
          EMAIL: { sort: false },
        },
        add: [
          { source: 'COSTCENTER', label: label('Centro de coste', 'Cost centre') },
          { source: 'PRIORITY', label: label('Prioridad', 'Priority') },
          { source: 'ROAMING', label: label('Itinerancia', 'Roaming'), list: false },
          { source: 'device_info.LASTGPS', label: label('Último GPS', 'Last GPS') },
          { source: 'NOT_THERE', label: label('No está', 'Not there') },
          { source: 'device_counts.N', label: label('Sin MID', 'No MID') },
        ],
      },
    },
  }),
);

let plain: TestApp;
let t: TestApp;
let admin: string;
let demo: TestProject;
let second: TestProject;

// Values that sort the same under any collation (the test database's may be C or a locale's).
const COSTCENTERS = ['Madrid', 'Madrid norte', 'Bilbao', null];
interface Seeded {
  ID: number;
  MID: string;
  COSTCENTER: string | null;
  PRIORITY: number | null;
  ROAMING: boolean;
  LASTGPS: Date | null;
}
let seeded: Seeded[];

/**
 * 24 devices in the demo project, which has two columns of its own (COSTCENTER text, PRIORITY
 * integer); even devices have a device_info row whose LASTGPS is i days ago. The second project
 * has neither column.
 */
async function seed() {
  const { db } = t.database;
  const devices = sql.id(demo.schema, 'devices');
  await sql`ALTER TABLE ${devices} ADD COLUMN "COSTCENTER" text, ADD COLUMN "PRIORITY" integer, ADD COLUMN "ROAMING" boolean`.execute(
    db,
  );
  await sql`
    INSERT INTO ${devices} ("MID", "OWNER", "DEVICE_TYPE", "STATUS", "SINCRONISMO", "COSTCENTER", "PRIORITY", "ROAMING")
    SELECT 'RES-' || lpad(i::text, 2, '0'), 'Owner ' || i, 'ANDROID', 2, now(),
           (${sql.val(COSTCENTERS)}::text[])[1 + i % 4],
           CASE WHEN i % 5 = 0 THEN NULL ELSE i % 7 END, i % 3 = 0
    FROM generate_series(1, 24) AS i
  `.execute(db);
  await sql`
    INSERT INTO ${sql.id(demo.schema, 'device_info')} ("MID", "LASTGPS")
    SELECT 'RES-' || lpad(i::text, 2, '0'), now() - make_interval(days => i)
    FROM generate_series(2, 24, 2) AS i
  `.execute(db);
  const { rows } = await sql<Seeded>`
    SELECT d."ID", d."MID", d."COSTCENTER", d."PRIORITY", d."ROAMING", i."LASTGPS"
    FROM ${devices} d LEFT JOIN ${sql.id(demo.schema, 'device_info')} i ON i."MID" = d."MID"
    ORDER BY d."ID"
  `.execute(db);
  seeded = rows;
}

beforeAll(async () => {
  [plain, t] = await Promise.all([
    buildTestApp(),
    buildTestApp({ RESOURCE_OVERRIDES: overridesFile }),
  ]);
  admin = await t.tokenFor('admin');
  demo = await demoProject(t.database.db);
  const { companyId } = await t.database.db
    .selectFrom('core.projects')
    .select('company_id as companyId')
    .where('numero', '=', demo.numero)
    .executeTakeFirstOrThrow();
  second = await createProject(t.database.db, { companyId, ownerLogin: 'admin', name: 'Sin' });
  await seed();
});
afterAll(async () => {
  await Promise.all([plain?.close(), t?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const ok = async (app: TestApp, operation: string, parameter: unknown, token: string) => {
  const { body } = await app.call(operation, parameter, token);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
};
const schemaOf = (numero = demo.numero) =>
  ok(t, 'resourceSchema', { database: numero, resource: 'devicelist' }, admin);
const list = (parameter: Record<string, unknown>) =>
  t.call(
    'devicesWithPages',
    { database: demo.numero, datatable: { start: 0, length: 500 }, ...parameter },
    admin,
  );
async function ids(parameter: Record<string, unknown>): Promise<number[]> {
  const { body } = await list(parameter);
  expect(body.error).toEqual({ code: '0', description: '' });
  expect(body.result.total).toBe(body.result.data.length);
  return body.result.data.map((row: { ID: number }) => row.ID);
}
/** The IDs of the seeded rows that pass; a case that selects none or all would prove nothing. */
function idsWhere(keep: (row: Seeded) => boolean): number[] {
  const kept = seeded.filter(keep).map((row) => row.ID);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(seeded.length);
  return kept;
}

describe('resourceSchema', () => {
  it('answers the declared schema when the deployment overrides nothing', async () => {
    const token = await plain.tokenFor('usuario');
    const { numero } = await demoProject(plain.database.db);
    const result = await ok(
      plain,
      'resourceSchema',
      { database: numero, resource: 'devicelist' },
      token,
    );
    expect(result).toEqual({ ...DEVICE_LIST_SCHEMA, warnings: [] });
  });

  it('hides, relabels, reorders and adds the columns of the override file', async () => {
    const result = await schemaOf();
    const sources = result.fields.map((f: { source: string }) => f.source);
    expect(sources).toEqual([
      'MID',
      'OWNER',
      'DEVICE_TYPE',
      'PIN',
      'USERNAME',
      'DEVICEGROUP',
      'MODEL',
      'SINCRONISMO',
      'PENDIENTE',
      'EMAIL',
      'LIC',
      'ONLINE',
      'LAST_SEEN',
      'IMEI',
      'COSTCENTER',
      'PRIORITY',
      'ROAMING',
      'device_info.LASTGPS',
    ]);
    const byName = Object.fromEntries(result.fields.map((f: { source: string }) => [f.source, f]));
    expect(byName.OWNER).toMatchObject({
      label: label('Titular', 'Holder'),
      filter: false,
      export: false,
      list: true,
      edit: true,
    });
    expect(byName.COSTCENTER).toEqual(
      field('COSTCENTER', 'text', {
        label: label('Centro de coste', 'Cost centre'),
        edit: false,
        readOnly: true,
      }),
    );
    expect(byName.PRIORITY.type).toBe('int');
    expect(byName.ROAMING).toMatchObject({ type: 'boolean', list: false, export: true });
    expect(byName['device_info.LASTGPS']).toMatchObject({ type: 'datetime', readOnly: true });
    expect(result).toMatchObject({ name: 'devicelist', node: 'devices', key: 'ID' });
  });

  it('leaves out added columns a project lacks, with a warning each', async () => {
    expect((await schemaOf()).warnings).toEqual([
      `La columna añadida NOT_THERE no se muestra: no existe en la tabla devices del proyecto ${demo.numero}.`,
      `La columna añadida device_counts.N no se muestra: la tabla device_counts del proyecto ${demo.numero} no tiene la columna MID que la une a devices.`,
    ]);
    const other = await schemaOf(second.numero);
    const sources = other.fields.map((f: { source: string }) => f.source);
    expect(sources).toContain('device_info.LASTGPS');
    expect(sources).not.toContain('COSTCENTER');
    expect(other.warnings).toHaveLength(5);
    expect(other.warnings[0]).toBe(
      `La columna añadida COSTCENTER no se muestra: no existe en la tabla devices del proyecto ${second.numero}.`,
    );
  });

  it('refuses an unknown resource, and a project of no reach', async () => {
    const { body } = await t.call(
      'resourceSchema',
      { database: demo.numero, resource: 'planets' },
      admin,
    );
    expect(body.error).toEqual({
      code: '-1',
      description: 'El recurso planets no existe (recursos: devicelist).',
    });
    const far = await t.call('resourceSchema', { database: 9999, resource: 'devicelist' }, admin);
    expect(far.body.error.description).toBe(
      'El proyecto 9999 no existe o no pertenece a su empresa.',
    );
  });
});

describe('devicesWithPages with the effective schema', () => {
  it('carries listed or exported columns, the added ones and those the colour rule needs', async () => {
    const { body } = await list({ datatable: { start: 0, length: 24 } });
    const today = startOfDay(new Date());
    const row = body.result.data.find((r: { MID: string }) => r.MID === 'RES-04');
    const stored = seeded.find((r) => r.MID === 'RES-04')!;
    expect(Object.keys(row).sort()).toEqual(
      [
        ...new Set([
          ...['MID', 'OWNER', 'DEVICE_TYPE', 'PIN', 'USERNAME', 'DEVICEGROUP', 'MODEL'],
          ...['SINCRONISMO', 'PENDIENTE', 'EMAIL', 'LIC', 'IMEI'],
          ...['COSTCENTER', 'PRIORITY', 'ROAMING', 'device_info.LASTGPS', 'Estado'],
          ...['ONLINE', 'LAST_SEEN'],
          ...DEVICE_ROW_ALWAYS,
        ]),
      ].sort(),
    );
    expect(row).toMatchObject({
      COSTCENTER: stored.COSTCENTER,
      PRIORITY: stored.PRIORITY,
      ROAMING: stored.ROAMING,
      'device_info.LASTGPS': stored.LASTGPS!.toISOString(),
      STATUS: 2,
      Estado: deviceState({ SINCRONISMO: row.SINCRONISMO, STATUS: 2, PENDIENTE: 0 }, today),
    });
    expect(body.result.data.find((r: { MID: string }) => r.MID === 'RES-03')).toMatchObject({
      'device_info.LASTGPS': null,
    });
  });

  it('filters an added text column with the text operators', async () => {
    const has = (value: string | null, part: string) =>
      value !== null && value.toLowerCase().includes(part);
    expect(await ids({ rowfilter: { COSTCENTER: 'madrid' } })).toEqual(
      idsWhere((r) => has(r.COSTCENTER, 'madrid')),
    );
    expect(
      await ids({ rowfilter: { COSTCENTER: 'madrid' }, rowfilteroper: { COSTCENTER: 2 } }),
    ).toEqual(idsWhere((r) => r.COSTCENTER !== null && !has(r.COSTCENTER, 'madrid')));
    expect(
      await ids({ rowfilter: { COSTCENTER: 'BILBAO' }, rowfilteroper: { COSTCENTER: 5 } }),
    ).toEqual(idsWhere((r) => r.COSTCENTER === 'Bilbao'));
  });

  it('filters an added integer column with the numeric operators only', async () => {
    expect(await ids({ rowfilter: { PRIORITY: 3 }, rowfilteroper: { PRIORITY: 11 } })).toEqual(
      idsWhere((r) => r.PRIORITY !== null && r.PRIORITY > 3),
    );
    expect(await ids({ rowfilter: { PRIORITY: '2.5' }, rowfilteroper: { PRIORITY: 10 } })).toEqual(
      idsWhere((r) => r.PRIORITY !== null && r.PRIORITY <= 2.5),
    );
    const { body } = await list({ rowfilter: { PRIORITY: '3' }, rowfilteroper: { PRIORITY: 1 } });
    expect(body.error.description).toBe(
      'La columna PRIORITY es numérica: use un operador numérico (7 a 12), no el 1.',
    );
  });

  it('filters an added boolean column by its text form', async () => {
    expect(await ids({ rowfilter: { ROAMING: 'TRUE' }, rowfilteroper: { ROAMING: 5 } })).toEqual(
      idsWhere((r) => r.ROAMING),
    );
  });

  it('filters a joined date column by day range, combined with a base filter', async () => {
    const day = (offset: number) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    };
    const since = startOfDay(new Date(Date.now() - 6.5 * 86_400_000));
    const recent = (r: Seeded) => r.LASTGPS !== null && r.LASTGPS.getTime() >= since.getTime();
    const from = `${day(-6)}~`;
    expect(await ids({ rowfilter: { 'device_info.LASTGPS': from } })).toEqual(idsWhere(recent));
    expect(
      await ids({
        rowfilter: { 'device_info.LASTGPS': from, COSTCENTER: 'madrid' },
        rowfilteroper: { 'device_info.LASTGPS': 6 },
      }),
    ).toEqual(
      idsWhere((r) => r.LASTGPS !== null && !recent(r) && /madrid/i.test(r.COSTCENTER ?? '')),
    );
  });

  it('sorts by added columns both ways, ties by ID, across pages', async () => {
    // Ascending: PostgreSQL puts the rows without a value last.
    const order = ['Bilbao', 'Madrid', 'Madrid norte', null];
    const byCostcentre = [...seeded].sort(
      (a, b) => order.indexOf(a.COSTCENTER) - order.indexOf(b.COSTCENTER) || a.ID - b.ID,
    );
    const paged: number[] = [];
    for (let start = 0; start < 24; start += 5) {
      const { body } = await list({ datatable: { start, length: 5, orderBy: 'COSTCENTER' } });
      expect(body.result.total).toBe(24);
      paged.push(...body.result.data.map((row: { ID: number }) => row.ID));
    }
    expect(paged).toEqual(byCostcentre.map((row) => row.ID));

    const byGps = await ids({
      datatable: { start: 0, length: 500, orderBy: 'device_info.LASTGPS', orderDir: 'desc' },
    });
    const withGps = [...seeded]
      .filter((r) => r.LASTGPS !== null)
      .sort((a, b) => b.LASTGPS!.getTime() - a.LASTGPS!.getTime());
    // PostgreSQL puts the rows without a value first in descending order.
    const without = seeded
      .filter((r) => r.LASTGPS === null)
      .map((r) => r.ID)
      .reverse();
    expect(byGps).toEqual([...without, ...withGps.map((r) => r.ID)]);
  });

  it('refuses filtering or sorting on hidden or closed columns with a clear description', async () => {
    const refusal = async (parameter: Record<string, unknown>) =>
      (await list(parameter)).body.error.description;
    expect(await refusal({ rowfilter: { OWNER: 'x' } })).toBe(
      'No se puede filtrar por la columna OWNER: no es filtrable en esta lista.',
    );
    expect(await refusal({ rowfilter: { STATUS: '2' } })).toBe(
      'No se puede filtrar por la columna STATUS: no existe en esta lista.',
    );
    expect(await refusal({ rowfilter: { NOT_THERE: 'x' } })).toBe(
      'No se puede filtrar por la columna NOT_THERE: no existe en esta lista.',
    );
    expect(await refusal({ datatable: { start: 0, length: 5, orderBy: 'EMAIL' } })).toBe(
      'No se puede ordenar por la columna EMAIL: no es ordenable en esta lista.',
    );
    expect(await refusal({ datatable: { start: 0, length: 5, orderBy: 'PIN2' } })).toBe(
      'No se puede ordenar por la columna PIN2: no existe en esta lista.',
    );
    expect(await refusal({ rowfilter: { ID: '3' } })).toBe(
      'No se puede filtrar por la columna ID: no existe en esta lista.',
    );
  });

  it('still sorts by the hidden key, the default order', async () => {
    const all = seeded.map((row) => row.ID);
    expect(
      await ids({ datatable: { start: 0, length: 500, orderBy: 'ID', orderDir: 'desc' } }),
    ).toEqual([...all].reverse());
    expect(await ids({})).toEqual(all);
  });

  it('treats SQL in a filter on an added column as data', async () => {
    expect(await ids({ rowfilter: { COSTCENTER: "x' OR '1'='1" } })).toEqual([]);
    const { body } = await list({ rowfilter: { 'device_info.LASTGPS': "1' OR 1=1" } });
    expect(body.error.description).toMatch(/device_info\.LASTGPS es una fecha/);
  });

  it('keeps the group picker as it was', async () => {
    const { body } = await list({ status: 'short', datatable: { start: 0, length: 3 } });
    expect(Object.keys(body.result.data[0]).sort()).toEqual([
      'DEVICE_TYPE',
      'EMAIL',
      'ID',
      'MID',
      'OWNER',
      'PIN',
    ]);
    const bad = await list({ status: 'short', rowfilter: { COSTCENTER: 'x' } });
    expect(bad.body.error.description).toBe(
      'No se puede filtrar por la columna COSTCENTER: no existe en esta lista.',
    );
  });
});
