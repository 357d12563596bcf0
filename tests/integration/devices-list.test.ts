import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_LIST_COLUMNS,
  deviceState,
  matchesStatusFilter,
  startOfDay,
  type DeviceStatusFilterCode,
} from '../../protocol/devices';
import { DEVICE_PRESENCE_FIELDS } from '../../protocol/device-schema';
import { matchesFilter, parseRowFilters } from '../../protocol/filters';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';

let t: TestApp;
let admin: string;
let project: TestProject;
let all: any[];

/**
 * 60 devices whose fields cycle through the cases the filters must tell apart: owners with
 * case differences, LIKE wildcards, a quote and no owner; syncs today, yesterday, long ago and
 * never; provisioned, generating and unprovisioned devices, held or not; four platforms.
 */
async function seedDevices() {
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')}
      ("PIN", "MID", "OWNER", "USERNAME", "DEVICEGROUP", "MODEL", "SINCRONISMO", "STATUS", "PENDIENTE",
       "DEVICE_TYPE", "EMAIL", "LIC", "IMEI")
    SELECT
      lpad(i::text, 4, '0'),
      'MID-' || lpad(i::text, 3, '0'),
      (ARRAY['Ana Garcia', 'ANA GARCIA', 'Luis 50% off', 'under_score', 'O''Brien', NULL])[1 + i % 6],
      'user' || (i % 7),
      'G' || (i % 3),
      (ARRAY['Pixel 8', 'iPhone 15', 'Chrome'])[1 + i % 3],
      CASE i % 4 WHEN 0 THEN now() WHEN 1 THEN now() - interval '1 day' WHEN 2 THEN NULL
                 ELSE now() - interval '10 days' END,
      (ARRAY[2, 2, 1, 0, -1])[1 + i % 5],
      CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END,
      (ARRAY['ANDROID', 'IPHONE', 'WEB', NULL])[1 + (i / 4) % 4],
      'd' || i || '@example.com',
      CASE WHEN i % 2 = 0 THEN 'LIC-' || i END,
      (350000000000000 + i)::text
    FROM generate_series(1, 60) AS i
  `.execute(t.database.db);
  all = await projectDb(t.database.db, project.schema)
    .selectFrom('devices')
    .selectAll()
    .orderBy('ID')
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  project = await demoProject(t.database.db);
  await seedDevices();
});
afterAll(() => t.close());

const list = (parameter: Record<string, unknown> = {}, token = admin) =>
  t.call(
    'devicesWithPages',
    { database: project.numero, datatable: { start: 0, length: 500 }, ...parameter },
    token,
  );

async function ids(parameter: Record<string, unknown>) {
  const { body } = await list(parameter);
  expect(body.error).toEqual({ code: '0', description: '' });
  expect(body.result.total).toBe(body.result.data.length);
  return body.result.data.map((row: { ID: number }) => row.ID);
}

/** The IDs the shared filter rules select from the same rows: SQL and protocol must agree. */
function expected(rowfilter: Record<string, unknown>, rowfilteroper: Record<string, number>) {
  const filters = parseRowFilters(rowfilter as any, rowfilteroper, DEVICE_LIST_COLUMNS);
  return all
    .filter((row) => filters.every((filter) => matchesFilter(row[filter.column], filter)))
    .map((row) => row.ID);
}

async function expectFilter(column: string, value: unknown, operator: number, count?: number) {
  const parameter = { rowfilter: { [column]: value }, rowfilteroper: { [column]: operator } };
  const want = expected(parameter.rowfilter, parameter.rowfilteroper);
  expect(await ids(parameter)).toEqual(want);
  if (count !== undefined) expect(want).toHaveLength(count);
}

describe('devicesWithPages: paging and sorting', () => {
  it('answers the first page with the total, the rows and their colour state', async () => {
    const { body } = await list({ datatable: { start: 0, length: 10 } });
    expect(body.result.total).toBe(60);
    expect(body.result.data).toHaveLength(10);
    const today = startOfDay(new Date());
    for (const row of body.result.data) {
      const stored = all.find((device) => device.ID === row.ID)!;
      expect(row).toMatchObject({
        MID: stored.MID,
        OWNER: stored.OWNER,
        DEVICE_TYPE: stored.DEVICE_TYPE,
      });
      expect(row.Estado).toBe(deviceState(stored, today));
    }
    expect(Object.keys(body.result.data[0]).sort()).toEqual(
      [...Object.keys(DEVICE_LIST_COLUMNS), ...DEVICE_PRESENCE_FIELDS, 'Estado'].sort(),
    );
  });

  it('pages without gaps or overlaps, in ID order by default', async () => {
    const seen: number[] = [];
    for (let start = 0; start < 60; start += 7) {
      const { body } = await list({ datatable: { start, length: 7 } });
      seen.push(...body.result.data.map((row: { ID: number }) => row.ID));
    }
    expect(seen).toEqual(all.map((row) => row.ID));
    expect((await list({ datatable: { start: 1000, length: 10 } })).body.result).toEqual({
      data: [],
      total: 60,
      recordsTotal: 60,
    });
  });

  it('sorts by any column of the list, both ways, ties by ID', async () => {
    const byMid = await ids({
      datatable: { start: 0, length: 500, orderBy: 'MID', orderDir: 'desc' },
    });
    expect(byMid).toEqual([...all].sort((a, b) => b.MID.localeCompare(a.MID)).map((row) => row.ID));
    const byStatus = await ids({ datatable: { start: 0, length: 500, orderBy: 'STATUS' } });
    expect(byStatus).toEqual(
      [...all].sort((a, b) => a.STATUS - b.STATUS || a.ID - b.ID).map((row) => row.ID),
    );
    const { body } = await list({
      datatable: { start: 0, length: 20, orderBy: 'SINCRONISMO', orderDir: 'desc' },
    });
    const times = body.result.data.map((row: { SINCRONISMO: string | null }) => row.SINCRONISMO);
    expect(times.slice(0, 15).every((time: unknown) => time === null)).toBe(true); // never synced first, as PostgreSQL sorts
    expect(times[15]).not.toBeNull();
  });

  it('filters by platform, in any case, and refuses an unknown one', async () => {
    expect(await ids({ platform: 'iphone' })).toEqual(
      all.filter((row) => row.DEVICE_TYPE === 'IPHONE').map((row) => row.ID),
    );
    expect(await ids({ platform: 'all' })).toHaveLength(60);
    const { body } = await list({ platform: 'NOKIA' });
    expect(body.error.code).toBe('-1');
    expect(body.error.description).toMatch(/platform: unknown platform/);
  });
});

describe('devicesWithPages: text operators 1–6', () => {
  it('1 contains, without regard to case', () => expectFilter('OWNER', 'garc', 1, 20));
  it('2 does not contain; a row without owner never matches', () =>
    expectFilter('OWNER', 'garc', 2, 30));
  it('3 starts with', () => expectFilter('MID', 'mid-00', 3, 9));
  it('4 ends with', () => expectFilter('EMAIL', '7@example.com', 4, 6));
  it('5 equals', () => expectFilter('MID', 'mid-007', 5, 1));
  it('6 not equals', () => expectFilter('DEVICE_TYPE', 'android', 6));

  it('matches LIKE wildcards and quotes as typed', async () => {
    await expectFilter('OWNER', '50%', 1, 10);
    await expectFilter('OWNER', '_', 1, 10);
    await expectFilter('OWNER', "o'b", 3, 10);
    await expectFilter('OWNER', '%', 5, 0);
  });

  it('defaults to contains when no operator is given, and skips empty values', async () => {
    expect(await ids({ rowfilter: { OWNER: 'garc', MID: '' } })).toEqual(
      expected({ OWNER: 'garc' }, {}),
    );
    expect(await ids({ rowfilter: { OWNER: null } })).toHaveLength(60);
  });
});

describe('devicesWithPages: plain `filter` values, as declared lists and the REST API send them', () => {
  it('takes a text as contained, a number and a code as equal, beside the row filters', async () => {
    expect(await ids({ filter: { OWNER: 'garc' } })).toEqual(expected({ OWNER: 'garc' }, {}));
    expect(await ids({ filter: { STATUS: 1 } })).toEqual(expected({ STATUS: 1 }, { STATUS: 7 }));
    expect(await ids({ filter: { DEVICE_TYPE: 'iphone' } })).toEqual(
      expected({ DEVICE_TYPE: 'iphone' }, { DEVICE_TYPE: 5 }),
    );
    // A row filter of the same field wins; the others add up.
    expect(
      await ids({
        filter: { OWNER: 'nobody', PENDIENTE: 1 },
        rowfilter: { OWNER: 'garc' },
        rowfilteroper: { OWNER: 1 },
      }),
    ).toEqual(expected({ OWNER: 'garc', PENDIENTE: 1 }, { OWNER: 1, PENDIENTE: 7 }));
  });

  it('refuses a field the list does not filter by, as a row filter is refused', async () => {
    const { body } = await list({ filter: { NOPE: 'x' } });
    expect(body.error.code).toBe('-1');
    expect(body.error.description).toContain('NOPE');
  });
});

describe('devicesWithPages: numeric operators 7–12', () => {
  const operators = [7, 8, 9, 10, 11, 12];

  it.each(operators)('operator %i on STATUS, sent as a number or a string', async (operator) => {
    await expectFilter('STATUS', 1, operator);
    await expectFilter('STATUS', '0', operator);
  });

  it.each(operators)('operator %i on ID with a fractional value', async (operator) => {
    await expectFilter('ID', '30.5', operator);
  });

  it('compares huge and negative values without failing', async () => {
    await expectFilter('STATUS', 1e20, 9, 60);
    await expectFilter('STATUS', '-1', 7, 12);
    await expectFilter('PENDIENTE', '1', 7, 20);
  });
});

describe('devicesWithPages: dates', () => {
  const day = (offset: number) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };

  it('filters SINCRONISMO by one day, a range and outside a range', async () => {
    await expectFilter('SINCRONISMO', day(0), 5, 15);
    await expectFilter('SINCRONISMO', `${day(-2)}~${day(0)}`, 1, 30);
    await expectFilter('SINCRONISMO', `~${day(-2)}`, 1, 15);
    await expectFilter('SINCRONISMO', day(0), 6, 30);
  });

  it('refuses a date that is not one', async () => {
    const { body } = await list({
      rowfilter: { SINCRONISMO: '2026-02-30' },
      rowfilteroper: { SINCRONISMO: 5 },
    });
    expect(body.error.description).toMatch(/SINCRONISMO es una fecha/);
  });
});

describe('devicesWithPages: status filter', () => {
  const statuses: DeviceStatusFilterCode[] = [0, 1, 2, 3, 4];
  const want = (status: DeviceStatusFilterCode, keep: (row: any) => boolean = () => true) => {
    const today = startOfDay(new Date());
    return all
      .filter((row) => keep(row) && matchesStatusFilter(row, status, today))
      .map((row) => row.ID);
  };

  it.each(statuses)(
    'status %i selects the rows of that colour state, with their exact total',
    async (status) => {
      const expectedIds = want(status);
      expect(expectedIds.length).toBeGreaterThan(0);
      expect(await ids({ status })).toEqual(expectedIds);
      expect(await ids({ status: String(status) })).toEqual(expectedIds);
    },
  );

  it.each(statuses)(
    'status %i combines with the platform and with column filters',
    async (status) => {
      expect(await ids({ status, platform: 'ANDROID' })).toEqual(
        want(status, (row) => row.DEVICE_TYPE === 'ANDROID'),
      );
      const garc = (row: any) => /garc/i.test(row.OWNER ?? '');
      expect(await ids({ status, rowfilter: { OWNER: 'garc' } })).toEqual(want(status, garc));
    },
  );

  it('all, or no status, is every device; rows of each state carry that Estado', async () => {
    expect(await ids({ status: 'all' })).toHaveLength(60);
    const { body } = await list({ status: 2 });
    expect(body.result.data.every((row: { Estado: number }) => row.Estado === 2)).toBe(true);
  });

  it('refuses a status outside all, short and 0 to 4', async () => {
    expect((await list({ status: 5 })).body.error.code).toBe('-1');
    expect((await list({ status: 'sync' })).body.error.code).toBe('-1');
  });
});

describe('devicesWithPages: the group picker (status short)', () => {
  it('answers short rows and filters by their columns only', async () => {
    const { body } = await list({
      status: 'short',
      datatable: { start: 0, length: 10 },
      rowfilter: { OWNER: 'garc' },
    });
    expect(body.result.total).toBe(20);
    expect(Object.keys(body.result.data[0]).sort()).toEqual([
      'DEVICE_TYPE',
      'EMAIL',
      'ID',
      'MID',
      'OWNER',
      'PIN',
    ]);
    const bad = await list({ status: 'short', rowfilter: { SINCRONISMO: '2026-01-01' } });
    expect(bad.body.error.description).toBe(
      'No se puede filtrar por la columna SINCRONISMO: no existe en esta lista.',
    );
  });

  it('has 4 filter slots, the device list 10', async () => {
    const five = { ID: 1, PIN: '1', MID: 'M', OWNER: 'a', EMAIL: 'e' };
    const picker = await list({ status: 'short', rowfilter: five });
    expect(picker.body.error.description).toBe('Demasiados filtros por columna: 5 (máximo 4).');
    expect((await list({ rowfilter: five })).body.error.code).toBe('0');
    const eleven = Object.fromEntries(
      Object.keys(DEVICE_LIST_COLUMNS)
        .slice(0, 11)
        .map((column) => [column, '1']),
    );
    const rowfilteroper = { ID: 7, STATUS: 7, PENDIENTE: 7, SINCRONISMO: 1 };
    const { body } = await list({
      rowfilter: { ...eleven, SINCRONISMO: '2026-01-01' },
      rowfilteroper,
    });
    expect(body.error.description).toBe('Demasiados filtros por columna: 11 (máximo 10).');
  });
});

describe('devicesWithPages: bad input gets a clear answer and changes nothing', () => {
  const refused = async (parameter: Record<string, unknown>, description: RegExp | string) => {
    const { status, body } = await list(parameter);
    expect(status).toBe(200);
    expect(body.result).toBeNull();
    expect(body.error.code).toBe('-1');
    if (typeof description === 'string') expect(body.error.description).toBe(description);
    else expect(body.error.description).toMatch(description);
  };

  it('refuses a non-numeric value for a numeric column', async () => {
    await refused(
      { rowfilter: { STATUS: 'abc' }, rowfilteroper: { STATUS: 7 } },
      'La columna STATUS es numérica y el filtro «abc» no es un número.',
    );
    await refused({ rowfilter: { ID: '1; DROP TABLE devices' } }, /La columna ID es numérica/);
  });

  it('refuses an unknown column, an unknown operator and an operator of the other kind', async () => {
    await refused(
      { rowfilter: { NOPE: 'x' } },
      'No se puede filtrar por la columna NOPE: no existe en esta lista.',
    );
    await refused({ rowfilteroper: { 'OWNER" OR 1=1 --': 1 } }, /no existe en esta lista/);
    await refused(
      { rowfilter: { OWNER: 'x' }, rowfilteroper: { OWNER: 13 } },
      /Operador de filtro desconocido 13/,
    );
    await refused(
      { rowfilter: { OWNER: 'x' }, rowfilteroper: { OWNER: 0 } },
      /Operador de filtro desconocido 0/,
    );
    await refused(
      { rowfilter: { OWNER: 'x' }, rowfilteroper: { OWNER: 9 } },
      /OWNER no es numérica: use un operador de texto/,
    );
    await refused(
      { rowfilter: { STATUS: '1' }, rowfilteroper: { STATUS: 1 } },
      /STATUS es numérica: use un operador numérico/,
    );
    await refused({ rowfilter: { OWNER: 'x' }, rowfilteroper: { OWNER: 'one' } }, /rowfilteroper/);
  });

  it('refuses a page length of 0 or 10^9 and an unknown sort column', async () => {
    await refused({ datatable: { start: 0, length: 0 } }, /datatable.length/);
    await refused({ datatable: { start: 0, length: 1e9 } }, /datatable.length/);
    await refused({ datatable: { start: -1, length: 10 } }, /datatable.start/);
    await refused(
      { datatable: { start: 0, length: 10, orderBy: 'ID; DROP TABLE devices' } },
      /No se puede ordenar por la columna/,
    );
    await refused(
      { datatable: { start: 0, length: 10, orderDir: 'desc; --' } },
      /datatable.orderDir/,
    );
  });

  it('answers an English-speaking caller in English', async () => {
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      await refused(
        { rowfilter: { NOPE: 'x' } },
        'Cannot filter by column NOPE: this list has no such column.',
      );
      await refused(
        { rowfilter: { STATUS: 'abc' }, rowfilteroper: { STATUS: 7 } },
        'Column STATUS is numeric and the filter "abc" is not a number.',
      );
      await refused(
        { rowfilter: { OWNER: 'x' }, rowfilteroper: { OWNER: 13 } },
        'Unknown filter operator 13 on column OWNER (valid: 1 to 12).',
      );
      await refused(
        { status: 'short', rowfilter: { ID: 1, PIN: '1', MID: 'M', OWNER: 'a', EMAIL: 'e' } },
        'Too many column filters: 5 (at most 4).',
      );
      await refused(
        { datatable: { start: 0, length: 10, orderBy: 'NOPE' } },
        'Cannot sort by column NOPE: this list has no such column.',
      );
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    await refused(
      { rowfilter: { NOPE: 'x' } },
      'No se puede filtrar por la columna NOPE: no existe en esta lista.',
    );
  });

  it('treats SQL fragments in filter values as data', async () => {
    const fragments = [
      "' OR '1'='1",
      "x'); DROP TABLE devices; --",
      '%\' OR "OWNER" IS NOT NULL --',
      '\\',
      "'; SELECT pg_sleep(5); --",
    ];
    for (const fragment of fragments) {
      for (const operator of [1, 5]) {
        expect(
          await ids({ rowfilter: { OWNER: fragment }, rowfilteroper: { OWNER: operator } }),
        ).toEqual([]);
      }
      expect(
        await ids({ rowfilter: { OWNER: fragment }, rowfilteroper: { OWNER: 2 } }),
      ).toHaveLength(50);
    }
    const count = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.id(project.schema, 'devices')}`.execute(t.database.db);
    expect(count.rows[0].n).toBe(60);
  });

  it('refuses a missing, unknown or deleted project with a description', async () => {
    const missing = await t.call('devicesWithPages', {}, admin);
    expect(missing.body.error.description).toMatch(
      /^Parámetro no válido para devicesWithPages: database/,
    );
    const unknown = await t.call('devicesWithPages', { database: 9999 }, admin);
    expect(unknown.body.error).toEqual({
      code: '-1',
      description: 'El proyecto 9999 no existe o no pertenece a su empresa.',
    });
    await t.database.db
      .updateTable('core.projects')
      .set({ deleted: true })
      .where('numero', '=', project.numero)
      .execute();
    const deleted = await list();
    await t.database.db
      .updateTable('core.projects')
      .set({ deleted: false })
      .where('numero', '=', project.numero)
      .execute();
    expect(deleted.body.error.description).toMatch(/está marcado para borrar/);
  });

  it('lets an ordinary user of the company read the list, and takes the number as a string', async () => {
    const { body } = await t.call(
      'devicesWithPages',
      { database: String(project.numero) },
      await t.tokenFor('usuario'),
    );
    expect(body.result.total).toBe(60);
  });
});
