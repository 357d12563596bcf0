import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import { ok } from '../support/projects';

// Issue 33, points 7 and 9: a bigint beyond 2^53 and a numeric keep every digit from PostgreSQL
// to the grid and back, and the record editor's decimal text is stored as the number it says.
let t: TestApp;
let project: TestProject;
let admin: string;
const BIG = '9007199254740993';

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  admin = await t.tokenFor('admin');
  await ok(
    t,
    'tablesData',
    {
      database: project.numero,
      filter: `CREATE TABLE digits (id bigint PRIMARY KEY, small bigint, price numeric(30,10));
        INSERT INTO digits VALUES (${BIG}, 42, 12345678901234567890.1234567891)`,
    },
    admin,
  );
});
afterAll(() => t.close());

type Grid = { Datas: unknown[][] };

describe('numbers keep their digits', () => {
  it('reads a bigint beyond 2^53 as its text and a safe one as a number', async () => {
    const run = await ok<Grid>(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT id, small, price FROM digits' },
      admin,
    );
    expect(run.Datas).toEqual([[BIG, 42, '12345678901234567890.1234567891']]);
  });

  it('edits the row found by its big id, with a decimal text, as the editor sends them', async () => {
    const edited = await ok<{ statement: string }>(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'digits',
        action: 'edit',
        data: { id: BIG },
        changes: { price: '3.25', small: 7 },
      },
      admin,
    );
    // The key the statement (and a replica) names is the row's, every digit of it.
    expect(edited.statement).toContain(`WHERE id = '${BIG}'`);
    const run = await ok<Grid>(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT id::text, small, price::text FROM digits' },
      admin,
    );
    expect(run.Datas).toEqual([[BIG, 7, '3.2500000000']]);
  });
});
