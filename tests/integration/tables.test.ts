import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaResponse } from '../../protocol/replication';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createDemoTables } from '../../server/replication/demo-tables';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';

let t: TestApp;
let project: TestProject;
let admin: string;
let viewer: string;
let writer: string;
let outsider: string;

/** Runs SQL as the project's role (the tables are the project's). */
const asProject = (text: string) =>
  t.database.sandbox.run(project, async (s) => (await s.query(text)).rows);

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  await createDemoTables(t.database.sandbox, project);
  admin = await t.tokenFor('admin');
  const company = await demoCompany(t.database.db);
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    const userId = await createUser(t.database.db, company, login);
    await ok(t, 'shareProject', { database: project.numero, userId, access: tree }, admin);
    return t.tokenFor(login);
  };
  viewer = await shareWith('tab-viewer', markShow(uniformTree(false, false), 'queries', true));
  writer = await shareWith('tab-writer', markWrite(uniformTree(false, false), 'queries', true));
  await createUser(t.database.db, company, 'tab-outsider');
  outsider = await t.tokenFor('tab-outsider');
  await asProject(`
    CREATE TABLE tab_items (
      "ID" serial PRIMARY KEY, name text NOT NULL, qty integer, price numeric(8,2),
      born date, note text, "Mixed Case" text);
    INSERT INTO tab_items (name, qty, price, born, note, "Mixed Case")
    SELECT 'item ' || lpad(n::text, 2, '0'), n, n * 1.5, date '2026-01-01' + n,
           CASE WHEN n % 2 = 0 THEN 'par' END, 'm' || n
    FROM generate_series(1, 30) n;
    CREATE TABLE tab_big (id integer PRIMARY KEY, v text);
    INSERT INTO tab_big SELECT n, 'v' || n FROM generate_series(1, 12000) n;
    ANALYZE tab_big;
    CREATE TABLE tab_huge (id integer PRIMARY KEY, v text);
    INSERT INTO tab_huge SELECT n, 'v' || n FROM generate_series(1, 120000) n;
    ANALYZE tab_huge;`);
});
afterAll(() => t.close());

const data = (parameter: Record<string, unknown>, token = admin) =>
  ok<
    { Columns: { colunName: string }[]; Datas: unknown[][]; recordsTotal: number } & Record<
      string,
      unknown
    >
  >(t, 'tablesData', { database: project.numero, ...parameter }, token);

describe('tables and tablesColumns', () => {
  it('lists the tables the project role may read, gen_ ones flagged, the reports not', async () => {
    const list = await ok(t, 'tables', { database: project.numero }, viewer);
    expect(list).toContainEqual({ name: 'gen_clientes', gen: true, view: false });
    expect(list).toContainEqual({ name: 'tab_items', gen: false, view: false });
    expect(list.map((row: { name: string }) => row.name)).not.toContain('reports');
  });

  it('answers the column metadata with the primary key', async () => {
    const columns = await ok(
      t,
      'tablesColumns',
      { database: project.numero, filter: 'tab_items' },
      viewer,
    );
    expect(columns[0]).toEqual({
      COLUMN_NAME: 'ID',
      ORDINAL_POSITION: 1,
      COLUMN_DEFAULT: `nextval('"tab_items_ID_seq"'::regclass)`,
      IS_NULLABLE: 'NO',
      DATA_TYPE: 'integer',
      CHARACTER_MAXIMUM_LENGTH: null,
      PRIMARY_KEY: true,
      GENERATED: false,
    });
    expect(columns.map((c: { COLUMN_NAME: string }) => c.COLUMN_NAME)).toEqual([
      'ID',
      'name',
      'qty',
      'price',
      'born',
      'note',
      'Mixed Case',
    ]);
    expect(
      await refused(t, 'tablesColumns', { database: project.numero, filter: 'nope' }, admin),
    ).toBe('La tabla nope no existe en la base de datos project.');
    expect(
      await refused(t, 'tablesColumns', { database: project.numero, filter: 'reports' }, admin),
    ).toBe('La tabla reports no existe en la base de datos project.');
  });
});

describe('tablesData for a table: paged, sorted and filtered in SQL', () => {
  it('pages by the key and answers recordsTotal', async () => {
    const page = await data({ filter: 'tab_items', datatable: { start: 10, length: 5 } }, viewer);
    expect(page.recordsTotal).toBe(30);
    expect(page.recordsEstimated).toBe(false);
    expect(page.Datas.map((row) => row[0])).toEqual([11, 12, 13, 14, 15]);
    expect(page.Columns.map((c) => c.colunName)).toContain('Mixed Case');
  });

  it('sorts by any column, quoted', async () => {
    const page = await data({
      filter: 'tab_items',
      datatable: { start: 0, length: 3, orderBy: 'Mixed Case', orderDir: 'desc' },
    });
    expect(page.Datas.map((row) => row[6])).toEqual(['m9', 'm8', 'm7']);
    // A later page (read by its key first) continues the same order, filter included.
    const sorted = { orderBy: 'Mixed Case', orderDir: 'desc' as const };
    const filter = { rowfilter: { qty: 10 }, rowfilteroper: { qty: 11 } };
    const whole = await data({
      filter: 'tab_items',
      datatable: { start: 0, length: 30, ...sorted },
      ...filter,
    });
    const later = await data({
      filter: 'tab_items',
      datatable: { start: 4, length: 5, ...sorted },
      ...filter,
    });
    expect(later.Datas).toEqual(whole.Datas.slice(4, 9));
    expect(later.Columns).toEqual(whole.Columns);
  });

  it('filters with the text, numeric and date operators', async () => {
    const numeric = await data({
      filter: 'tab_items',
      rowfilter: { qty: 25, note: 'par' },
      rowfilteroper: { qty: 11, note: 5 },
    });
    expect(numeric.recordsTotal).toBe(3);
    expect(numeric.Datas.map((row) => row[2])).toEqual([26, 28, 30]);
    const text = await data({
      filter: 'tab_items',
      rowfilter: { name: 'ITEM 0', price: '3' },
      rowfilteroper: { name: 3, price: 10 },
    });
    expect(text.Datas.map((row) => row[1])).toEqual(['item 01', 'item 02']);
    const days = await data({ filter: 'tab_items', rowfilter: { born: '2026-01-02~2026-01-03' } });
    expect(days.recordsTotal).toBe(2);
    const wildcard = await data({ filter: 'tab_items', rowfilter: { name: '%' } });
    expect(wildcard.recordsTotal).toBe(0);
  });

  it('estimates recordsTotal past 10,000 rows instead of counting the table', async () => {
    const page = await data({ filter: 'tab_big', datatable: { start: 11990, length: 20 } });
    expect(page.recordsEstimated).toBe(true);
    expect(page.recordsTotal).toBeGreaterThanOrEqual(12000);
    expect(page.Datas).toHaveLength(10);
    const filtered = await data({
      filter: 'tab_big',
      rowfilter: { id: 5 },
      rowfilteroper: { id: 12 },
    });
    expect(filtered.recordsEstimated).toBe(true);
  });

  it('never counts a table past 100,000 rows: a short page is the end', async () => {
    const first = await data({ filter: 'tab_huge', datatable: { start: 0, length: 50 } });
    expect(first).toMatchObject({ recordsEstimated: true });
    expect(first.recordsTotal).toBeGreaterThan(100_000);
    const tail = await data({
      filter: 'tab_huge',
      datatable: { start: 0, length: 50 },
      rowfilter: { id: 119_990 },
      rowfilteroper: { id: 11 },
    });
    expect(tail).toMatchObject({ recordsTotal: 10, recordsEstimated: false });
  });

  it('refuses unknown columns and mismatched operators, in both languages', async () => {
    expect(
      await refused(
        t,
        'tablesData',
        { database: project.numero, filter: 'tab_items', datatable: { orderBy: 'nope' } },
        admin,
      ),
    ).toBe('No se puede ordenar por nope: no es una columna de la tabla tab_items.');
    expect(
      await refused(
        t,
        'tablesData',
        { database: project.numero, filter: 'tab_items', rowfilter: { qty: 'x' } },
        admin,
      ),
    ).toBe('La columna qty es numérica y el filtro «x» no es un número.');
    expect(
      await refused(
        t,
        'tablesData',
        {
          database: project.numero,
          filter: 'tab_items',
          rowfilter: { name: 'a' },
          rowfilteroper: { name: 9 },
        },
        admin,
      ),
    ).toMatch(/name/);
    expect(
      await refused(t, 'tablesData', { database: project.numero, filter: 'missing_table' }, admin),
    ).toBe('La tabla missing_table no existe en la base de datos project.');
  });
});

describe('updateTableData', () => {
  const update = (parameter: Record<string, unknown>, token = admin) =>
    t.call('updateTableData', { database: project.numero, ...parameter }, token);

  it('edits, inserts and deletes, answering the statement and the toast text', async () => {
    const edited = await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'tab_items',
        action: 'edit',
        data: { ID: 3, name: 'item 03', qty: 3 },
        changes: { name: "item 03'b", qty: '33' },
      },
      writer,
    );
    expect(edited).toMatchObject({
      statement: `UPDATE tab_items SET name = 'item 03''b', qty = 33 WHERE "ID" = 3`,
      RecordsAffected: 1,
      operation: null,
      message: 'Se ha actualizado el registro correctamente !!!',
    });
    expect(await asProject(`SELECT name, qty FROM tab_items WHERE "ID" = 3`)).toEqual([
      { name: "item 03'b", qty: 33 },
    ]);
    const inserted = await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'tab_items',
        action: 'insert',
        changes: { name: 'nuevo', price: '', born: '2026-02-01' },
      },
      admin,
    );
    expect(inserted.row).toMatchObject({ ID: 31, name: 'nuevo', price: null, born: '2026-02-01' });
    expect(inserted.statement).toBe(
      `INSERT INTO tab_items ("ID", name, qty, price, born, note, "Mixed Case") ` +
        `VALUES (31, 'nuevo', NULL, NULL, '2026-02-01', NULL, NULL)`,
    );
    const deleted = await ok(
      t,
      'updateTableData',
      { database: project.numero, filter: 'tab_items', action: 'delete', data: { ID: 31 } },
      admin,
    );
    expect(deleted).toMatchObject({
      statement: `DELETE FROM tab_items WHERE "ID" = 31`,
      row: null,
    });
  });

  it('deletes several records in one call, all or none', async () => {
    await asProject(`CREATE TABLE tab_many (id integer PRIMARY KEY, v text);
      INSERT INTO tab_many SELECT n, 'v' || n FROM generate_series(1, 5) n;`);
    const many = (rows: unknown[], action = 'delete') => ({
      database: project.numero,
      filter: 'tab_many',
      action,
      rows,
    });
    // The third key no longer exists: the first two stay too.
    const error = await refused(
      t,
      'updateTableData',
      many([{ id: 1 }, { id: 2 }, { id: 9 }]),
      admin,
    );
    expect(error).toBe('El registro ya no existe en la tabla tab_many.');
    expect(await asProject('SELECT count(*)::int AS n FROM tab_many')).toEqual([{ n: 5 }]);
    const edit = await refused(t, 'updateTableData', many([{ id: 1 }], 'edit'), admin);
    expect(edit).toBe('Solo un borrado puede afectar a varios registros a la vez.');
    const deleted = await ok(t, 'updateTableData', many([{ id: 1 }, { id: 2 }, { id: 3 }]), admin);
    expect(deleted).toMatchObject({ RecordsAffected: 3, row: null });
    expect(await asProject('SELECT id FROM tab_many ORDER BY id')).toEqual([{ id: 4 }, { id: 5 }]);
    // The viewer reads only: refused before anything is deleted.
    const { body } = await t.call('updateTableData', many([{ id: 4 }]), viewer);
    expect(body.error.code).toBe('403');
    expect(await asProject('SELECT count(*)::int AS n FROM tab_many')).toEqual([{ n: 2 }]);
  });

  it('generates a text row id without a default on insert', async () => {
    const inserted = await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'gen_clientes',
        action: 'insert',
        changes: { nombre: 'Nueva', ciudad: 'Soria' },
      },
      admin,
    );
    expect(inserted.row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(inserted.operation).toBeNull();
  });

  it('refuses no changes, read-only and unknown columns, missing required values', async () => {
    const base = { filter: 'tab_items', action: 'edit', data: { ID: 4, name: 'item 04' } };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { changes: { name: 'item 04' } },
        'No ha realizado ningún cambio en el registro.',
        'You have not changed anything in the record.',
      ],
      [{ changes: { ID: 99 } }, 'La columna ID es de solo lectura.', 'Column ID is read-only.'],
      [
        { changes: { 'x"; DROP TABLE tab_items; --': 1 } },
        'La columna x"; DROP TABLE tab_items; -- no existe en la tabla tab_items.',
        'Column x"; DROP TABLE tab_items; -- does not exist in table tab_items.',
      ],
      [{ changes: { name: '' } }, 'La columna name es obligatoria.', 'Column name is required.'],
      [
        { action: 'insert', data: {}, changes: { qty: 1 } },
        'La columna name es obligatoria.',
        'Column name is required.',
      ],
      [
        { data: { ID: 999 }, changes: { qty: 1 } },
        'El registro ya no existe en la tabla tab_items.',
        'The record no longer exists in table tab_items.',
      ],
      [
        { changes: { qty: 'mucho' } },
        'PostgreSQL ha rechazado la sentencia (SQLSTATE 22P02): invalid input syntax for type integer: "mucho"',
        'PostgreSQL refused the statement (SQLSTATE 22P02): invalid input syntax for type integer: "mucho"',
      ],
      [
        { replica: true, changes: { qty: 1 } },
        'La réplica solo se permite en las tablas cuyo nombre empieza por gen_.',
        'Replica is only allowed on tables whose name begins with gen_.',
      ],
      [
        { columns: ['ID', 'gone'], changes: { qty: 1 } },
        'Las columnas de la tabla tab_items han cambiado: vuelva a abrirla.',
        'The columns of table tab_items have changed: open it again.',
      ],
    ];
    for (const [change, es] of cases) {
      const { body } = await update({ ...base, ...change });
      expect(body.error, JSON.stringify(change)).toEqual({ code: '-1', description: es });
    }
    await setLanguage(t.database.db, 'tab-writer', 'en');
    for (const [change, , en] of cases) {
      const { body } = await update({ ...base, ...change }, writer);
      expect(body.error, JSON.stringify(change)).toEqual({ code: '-1', description: en });
    }
    await setLanguage(t.database.db, 'tab-writer', 'es');
    expect(await asProject(`SELECT qty FROM tab_items WHERE "ID" = 4`)).toEqual([{ qty: 4 }]);
  });

  it('refuses a caller without write on the queries node, and one without the project', async () => {
    const change = { filter: 'tab_items', action: 'edit', data: { ID: 5 }, changes: { qty: 50 } };
    expect((await update(change, viewer)).status).toBe(403);
    // Not shared with them: requireProject says so.
    expect((await update(change, outsider)).body.error.code).toBe('-1');
    expect((await t.call('tables', { database: project.numero }, outsider)).body.error.code).toBe(
      '-1',
    );
    expect(await asProject(`SELECT qty FROM tab_items WHERE "ID" = 5`)).toEqual([{ qty: 5 }]);
  });
});

describe('a gen_ change with replica on', () => {
  let demo: DemoEnrolmentFile;
  const enrolled = async (mid: string) => {
    demo ??= JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana' },
    });
    return deviceAuthorization(mid, response.json().result.credential);
  };
  const fetch = async (authorization: string): Promise<ReplicaResponse> =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/device/v1/replica',
        headers: { authorization },
        payload: {},
      })
    ).json().result;

  it('becomes an IQUEUE operation every device fetches, or one device alone', async () => {
    const a = await enrolled('tables-dev-a');
    const b = await enrolled('tables-dev-b');
    await fetch(a);
    await fetch(b);
    const edited = await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'gen_clientes',
        action: 'edit',
        replica: true,
        data: { id: 'C-0003' },
        changes: { telefono: '900000003' },
      },
      writer,
    );
    expect(edited.operation).toBeGreaterThan(0);
    const fetched = await fetch(a);
    expect(fetched.operations).toContainEqual(
      expect.objectContaining({
        table: 'gen_clientes',
        op: 'update',
        key: { id: 'C-0003' },
        values: { telefono: '900000003' },
        sql: `UPDATE gen_clientes SET telefono = '900000003' WHERE id = 'C-0003'`,
      }),
    );
    await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'gen_clientes',
        action: 'edit',
        replica: true,
        replicaMID: 'tables-dev-b',
        data: { id: 'C-0003' },
        changes: { telefono: '900000004' },
      },
      admin,
    );
    const forA = await fetch(a);
    const forB = await fetch(b);
    const phones = (r: ReplicaResponse) => r.operations.map((o) => o.values?.telefono);
    expect(phones(forA)).not.toContain('900000004');
    expect(phones(forB)).toContain('900000004');
    expect(
      await refused(
        t,
        'updateTableData',
        {
          database: project.numero,
          filter: 'gen_clientes',
          action: 'edit',
          replica: true,
          replicaMID: 'no-such-device',
          data: { id: 'C-0003' },
          changes: { telefono: '1' },
        },
        admin,
      ),
    ).toBe('El dispositivo no-such-device no existe en el proyecto.');
  });

  it('a delete with replica reaches the devices as a delete of that key', async () => {
    const a = await enrolled('tables-dev-c');
    await fetch(a);
    await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'gen_clientes',
        action: 'delete',
        replica: true,
        data: { id: 'C-0040' },
      },
      writer,
    );
    expect((await fetch(a)).operations).toContainEqual(
      expect.objectContaining({ table: 'gen_clientes', op: 'delete', key: { id: 'C-0040' } }),
    );
  });
});

describe('system sources', () => {
  it('IDS shows the company users without their password hashes', async () => {
    const list = await ok(t, 'tables', { database: project.numero, source: 'IDS' }, viewer);
    expect(list.map((row: { name: string }) => row.name)).toEqual(['identity_clients', 'users']);
    const page = await data({ filter: 'users', source: 'IDS' }, viewer);
    expect(page.Columns.map((c) => c.colunName)).not.toContain('password_hash');
    const logins = page.Datas.map((row) => row[1]);
    expect(logins).toEqual(expect.arrayContaining(['admin', 'tab-viewer']));
    const sqlText = await data({ filter: 'SELECT count(*) FROM users', source: 'IDS' }, admin);
    expect(Number(sqlText.Datas[0][0])).toBe(page.recordsTotal);
  });

  it('manager shows the company projects and environments; replicator the queues', async () => {
    const projects = await data({ filter: 'projects', source: 'manager' });
    expect(projects.Datas.map((row) => row[0])).toContain(project.numero);
    const environments = await ok(
      t,
      'tablesColumns',
      { database: project.numero, source: 'manager', filter: 'environments' },
      admin,
    );
    expect(environments.map((c: { COLUMN_NAME: string }) => c.COLUMN_NAME)).toContain(
      'max_licences',
    );
    const operations = await data({ filter: 'iqueue', source: 'replicator' });
    expect(operations.recordsTotal).toBeGreaterThan(0);
  });
});
