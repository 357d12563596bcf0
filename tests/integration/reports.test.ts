import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
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

const save = (report: Record<string, unknown>, token = admin) =>
  ok(t, 'SaveReport', { DBNumber: project.numero, ID: -1, Type: '1', ...report }, token);

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  admin = await t.tokenFor('admin');
  const company = await demoCompany(t.database.db);
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    const userId = await createUser(t.database.db, company, login);
    await ok(t, 'shareProject', { database: project.numero, userId, access: tree }, admin);
    return t.tokenFor(login);
  };
  viewer = await shareWith('rep-viewer', markShow(uniformTree(false, false), 'reports', true));
  writer = await shareWith('rep-writer', markWrite(uniformTree(false, false), 'reports', true));
  await createUser(t.database.db, company, 'rep-outsider');
  outsider = await t.tokenFor('rep-outsider');
});
afterAll(() => t.close());

describe('SaveReport, reportsWithPages, reports, DeleteReport', () => {
  it('creates with ID -1, changes, lists paged and searched, and deletes', async () => {
    const created = await save({ Title: 'Dispositivos por dueño', SQL: 'SELECT 1', Code: 0 });
    expect(created).toMatchObject({
      Title: 'Dispositivos por dueño',
      Code: false,
      SQL: 'SELECT 1',
      DBNumber: project.numero,
      Type: '1',
      Owner: 'admin',
      Mine: true,
      Writable: true,
    });
    expect(created.ID).toBeGreaterThan(0);
    const changed = await save({ ID: created.ID, Title: 'Por dueño', SQL: 'SELECT 2', Code: 0 });
    expect(changed).toMatchObject({ ID: created.ID, Title: 'Por dueño', SQL: 'SELECT 2' });
    for (const title of ['B informe', 'A informe', 'C informe']) {
      await save({ Title: title, SQL: `SELECT '${title}'` });
    }
    const page = await ok(
      t,
      'reportsWithPages',
      {
        database: project.numero,
        filter: 'informe',
        limit: -666,
        datatable: { start: 1, length: 1, orderBy: 'Title', orderDir: 'desc' },
      },
      admin,
    );
    expect(page.total).toBe(3);
    expect(page.data.map((row: { Title: string }) => row.Title)).toEqual(['B informe']);
    const all = await ok(t, 'reports', { database: project.numero }, admin);
    expect(all.total).toBe(4);
    await ok(t, 'DeleteReport', { database: project.numero, filter: created.ID }, admin);
    const after = await ok(t, 'reports', { database: project.numero }, admin);
    expect(after.data.map((row: { ID: number }) => row.ID)).not.toContain(created.ID);
  });

  it('needs a name and SQL, in the caller language (001 §5)', async () => {
    expect(
      await refused(
        t,
        'SaveReport',
        { DBNumber: project.numero, ID: -1, Title: 'x', SQL: ' ' },
        admin,
      ),
    ).toBe('El SQL es obligatorio.');
    expect(
      await refused(
        t,
        'SaveReport',
        { DBNumber: project.numero, ID: -1, Title: '', SQL: 'SELECT 1' },
        admin,
      ),
    ).toBe('El nombre del informe es obligatorio.');
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      expect(
        await refused(
          t,
          'SaveReport',
          { DBNumber: project.numero, ID: -1, Title: 'x', SQL: '' },
          admin,
        ),
      ).toBe('SQL is required.');
      expect(
        await refused(t, 'DeleteReport', { database: project.numero, filter: 999999 }, admin),
      ).toBe(`Report 999999 does not exist in project ${project.numero}.`);
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
  });

  it('keeps a private report to its author: others neither list, run, change nor delete it', async () => {
    const mine = await save({ Title: 'Privado de writer', SQL: 'SELECT 42', Code: true }, writer);
    const listed = async (token: string) =>
      (await ok(t, 'reports', { database: project.numero }, token)).data.map(
        (row: { ID: number }) => row.ID,
      );
    expect(await listed(writer)).toContain(mine.ID);
    expect(await listed(admin)).not.toContain(mine.ID);
    expect(await refused(t, 'runReport', { database: project.numero, ID: mine.ID }, admin)).toMatch(
      /no existe/,
    );
    expect(
      await refused(
        t,
        'SaveReport',
        { DBNumber: project.numero, ID: mine.ID, Title: 'x', SQL: 'SELECT 1' },
        admin,
      ),
    ).toMatch(/no existe/);
    expect(
      await refused(t, 'DeleteReport', { database: project.numero, filter: mine.ID }, admin),
    ).toMatch(/no existe/);
    const run = await ok(t, 'runReport', { database: project.numero, ID: mine.ID }, writer);
    expect(run.Datas).toEqual([[42]]);
  });

  it('leaves non-owners without write on node 5 read-only, and others out (001 §6)', async () => {
    const shared = await save({ Title: 'Compartido', SQL: 'SELECT ##N(1)##::int AS n' });
    const list = await ok(t, 'reports', { database: project.numero }, viewer);
    expect(list.data.find((row: { ID: number }) => row.ID === shared.ID)).toMatchObject({
      Writable: false,
      Mine: false,
    });
    const run = await ok(
      t,
      'runReport',
      { database: project.numero, ID: shared.ID, macros: { N: '7' } },
      viewer,
    );
    expect(run.Datas).toEqual([[7]]);
    for (const [operation, parameter] of [
      ['SaveReport', { DBNumber: project.numero, ID: shared.ID, Title: 'x', SQL: 'SELECT 1' }],
      ['DeleteReport', { database: project.numero, filter: shared.ID }],
      ['runReport', { database: project.numero, SQL: 'SELECT 1' }],
      ['tablesData', { database: project.numero, filter: 'SELECT 1' }],
    ] as const) {
      const { status, body } = await t.call(operation, parameter, viewer);
      expect([status, body.error.code], operation).toEqual([403, '403']);
    }
    // A user the project is not shared with reads it as a missing project.
    expect(await refused(t, 'reports', { database: project.numero }, outsider)).toMatch(/proyecto/);
    // The writer changes another person's shared report.
    await save({ ID: shared.ID, Title: 'Compartido 2', SQL: 'SELECT 2' }, writer);
  });
});

describe('runReport and tablesData (000 §3 SQL result)', () => {
  it('answers Columns with types, Datas, RecordsAffected and the 100-row default of -666', async () => {
    const result = await ok(
      t,
      'tablesData',
      {
        database: project.numero,
        filter: 'SELECT g AS n, g::text AS t, now() AS at FROM generate_series(1, 150) g',
        limit: -666,
      },
      admin,
    );
    expect(result.Columns).toEqual([
      { colunName: 'n', columnType: 'integer' },
      { colunName: 't', columnType: 'text' },
      { colunName: 'at', columnType: 'timestamp with time zone' },
    ]);
    expect(result.Datas).toHaveLength(100);
    expect(result.Datas[0].slice(0, 2)).toEqual([1, '1']);
    expect(result).toMatchObject({ Limited: true, Limit: 100, RecordsAffected: 0 });
    const five = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'VALUES (1), (2), (3)', limit: 2 },
      admin,
    );
    expect(five).toMatchObject({ Datas: [[1], [2]], Limited: true });
  });

  it('runs several statements and counts what they changed (write on queries)', async () => {
    const result = await ok(
      t,
      'tablesData',
      {
        database: project.numero,
        filter: `CREATE TABLE rep_notes (id int, note text);
          INSERT INTO rep_notes VALUES (1, 'a;b'), (2, 'c');
          UPDATE rep_notes SET note = 'x' WHERE id = 2;
          SELECT * FROM rep_notes ORDER BY id`,
      },
      admin,
    );
    expect(result).toMatchObject({
      RecordsAffected: 3,
      Statements: 4,
      Datas: [
        [1, 'a;b'],
        [2, 'x'],
      ],
    });
    const table = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'rep_notes' },
      admin,
    );
    expect(table.Datas).toHaveLength(2);
  });

  it('asks for every macro, then fills them as literals', async () => {
    const report = await save({
      Title: 'Macros',
      SQL: `SELECT ##NAME##::text AS name, ##STATE[abierto,cerrado](abierto)## AS state, 'x##SUFFIX##' AS s`,
    });
    expect(
      await refused(
        t,
        'runReport',
        { database: project.numero, ID: report.ID, macros: { SUFFIX: '1' } },
        admin,
      ),
    ).toBe('Debe rellenar todas las macros');
    const result = await ok(
      t,
      'runReport',
      {
        database: project.numero,
        ID: report.ID,
        macros: { NAME: "O'Neil'); DROP TABLE devices; --", SUFFIX: "'--" },
      },
      admin,
    );
    expect(result.Datas).toEqual([["O'Neil'); DROP TABLE devices; --", 'abierto', "x'--"]]);
  });

  it('answers a failing statement by number, SQLSTATE and PostgreSQL message (code -1)', async () => {
    const description = await refused(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT 1; SELECT * FROM missing_table' },
      admin,
    );
    expect(description).toBe(
      'Sentencia 2 (SQLSTATE 42P01): relation "missing_table" does not exist',
    );
  });
});
