import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { addCustomEntity, label } from '../support/custom-entity';

// A plain write (server/engine/one-statement.ts: a custom entity's create or edit with no hook,
// no reference and no unique custom field) is one statement with no transaction around it: the
// row, its actions-log line and its revision together, and an edit applies only at the version
// it read. These check what that must keep: the trace as the record reads, a refused write
// leaving nothing, and edits from one version racing each other.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.tokenFor('admin');
  await addCustomEntity(
    t,
    token,
    'pallets',
    { one: ['Palé', 'Pallet'], many: ['Palés', 'Pallets'] },
    [
      {
        name: 'code',
        type: 'text',
        label: label('Código', 'Code'),
        required: true,
        unique: true,
      },
      { name: 'units', type: 'integer', label: label('Unidades', 'Units') },
      { name: 'weight', type: 'decimal', label: label('Peso', 'Weight') },
      { name: 'since', type: 'date', label: label('Alta', 'Since') },
      { name: 'sealed', type: 'boolean', label: label('Precintado', 'Sealed'), default: true },
    ],
  );
});
afterAll(async () => t?.close());

const call = (operation: string, parameter: Record<string, unknown>) =>
  t.call(operation, { entity: 'pallets', ...parameter }, token);

async function ok(operation: string, parameter: Record<string, unknown>) {
  const { body } = await call(operation, parameter);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result as Record<string, unknown> & { id: number; version: number };
}

const traces = async (id: number) => ({
  revisions: await t.database.db
    .selectFrom('core.revisions')
    .select(['action', 'before', 'after'])
    .where('resource', '=', 'pallets')
    .where('record', '=', String(id))
    .orderBy('id')
    .execute(),
  lines: await t.database.db
    .selectFrom('core.actions_log')
    .select(['action', 'detail'])
    .where(sql<boolean>`detail ->> 'resource' = 'pallets' AND (detail ->> 'id')::bigint = ${id}`)
    .orderBy('id')
    .execute(),
});

const counts = async () => {
  const { rows } = await sql<{ revisions: string; lines: string }>`
    SELECT (SELECT count(*) FROM core.revisions WHERE resource = 'pallets') AS revisions,
           (SELECT count(*) FROM core.actions_log WHERE detail ->> 'resource' = 'pallets') AS lines
  `.execute(t.database.db);
  return rows[0];
};

describe('engine plain writes: one statement, no transaction', () => {
  it('a create keeps the whole row in its revision, as the record reads', async () => {
    const row = await ok('customRecordsCreate', {
      code: 'P-1',
      units: 12,
      weight: 10.25,
      since: '2026-02-03',
    });
    const shown = await ok('customRecordsShow', { id: row.id });
    expect(shown).toMatchObject({ code: 'P-1', units: 12, weight: 10.25, sealed: true });
    const { revisions, lines } = await traces(row.id);
    // The id, the version and the time come from the insert; the rest as given, read back.
    expect(revisions).toEqual([
      { action: 'create', before: null, after: JSON.parse(JSON.stringify(shown)) },
    ]);
    expect(lines).toEqual([
      {
        action: 'record_created',
        detail: { resource: 'pallets', id: row.id, name: 'P-1' },
      },
    ]);
  });

  it('a refused create writes nothing: no row, no line, no revision', async () => {
    await ok('customRecordsCreate', { code: 'P-2', units: 1 });
    const before = await counts();
    const { body } = await call('customRecordsCreate', { code: 'P-2', units: 2 });
    expect(body.error.code).not.toBe('0');
    expect(body.error.description).toBe('Ya hay palé con código «P-2».');
    expect(await counts()).toEqual(before);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM core.revisions WHERE resource = 'pallets' AND after ->> 'code' = 'P-2'
    `.execute(t.database.db);
    expect(Number(rows[0].n)).toBe(1);
  });

  it('edits racing from one version: one applies, the others are refused as stale', async () => {
    const row = await ok('customRecordsCreate', { code: 'P-3', units: 0 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('customRecordsEdit', { id: row.id, version: row.version, units: i + 1 }),
      ),
    );
    const applied = answers.filter((a) => a.body.error.code === '0');
    const refused = answers.filter((a) => a.body.error.code !== '0');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.body.error.description).toMatch(/^Palé «P-3» ha cambiado desde que lo abrió/);
    }
    const winner = applied[0].body.result as { units: number; version: number };
    expect(winner.version).toBe(row.version + 1);
    const shown = await ok('customRecordsShow', { id: row.id });
    expect(shown).toMatchObject({ units: winner.units, version: winner.version });
    const { revisions, lines } = await traces(row.id);
    expect(revisions.map((r) => r.action)).toEqual(['create', 'edit']);
    expect(revisions[1]).toMatchObject({
      before: { units: 0, version: row.version },
      after: { units: winner.units, version: winner.version },
    });
    expect(lines.map((l) => l.action)).toEqual(['record_created', 'record_modified']);
  });

  it('an edit with nothing changed writes nothing; one of a deleted record is not found', async () => {
    const row = await ok('customRecordsCreate', { code: 'P-4', units: 5 });
    const same = await ok('customRecordsEdit', { id: row.id, version: row.version, units: 5 });
    expect(same.version).toBe(row.version);
    expect((await traces(row.id)).revisions).toHaveLength(1);
    await ok('customRecordsDelete', { id: row.id });
    const { body } = await call('customRecordsEdit', { id: row.id, version: 1, units: 6 });
    expect(body.error.description).toBe(`Palé ${row.id} no existe.`);
  });

  it('a field added to the entity (its table altered) is written by the next create and edit', async () => {
    // The plain writes are named prepared statements: `RETURNING *` of a table that changed
    // shape is refused by PostgreSQL once, and prepared again (server/db/prepared.ts).
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ok('customRecordsCreate', { code: `S-${i}`, units: i })),
    );
    for (const row of rows)
      await ok('customRecordsEdit', { id: row.id, version: row.version, units: 50 });
    const entity = await t.database.db
      .selectFrom('core.custom_entities')
      .select(['id', 'fields'])
      .where('name', '=', 'pallets')
      .executeTakeFirstOrThrow();
    const fields = entity.fields as unknown[];
    const { body } = await t.call(
      'updateCustomEntity',
      {
        id: entity.id,
        fields: [...fields, { name: 'dock', type: 'text', label: label('Muelle', 'Dock') }],
      },
      token,
    );
    expect(body.error).toEqual({ code: '0', description: '' });
    for (let i = 0; i < 12; i++) {
      const row = await ok('customRecordsCreate', { code: `T-${i}`, dock: `D${i}` });
      expect(row.dock).toBe(`D${i}`);
      const edited = await ok('customRecordsEdit', { id: rows[i].id, version: 2, dock: 'E' });
      expect(edited).toMatchObject({ dock: 'E', version: 3 });
    }
  });

  it('over REST, a stale edit is 409 and a duplicate is refused in English when asked', async () => {
    const row = await ok('customRecordsCreate', { code: 'P-5', units: 1 });
    await ok('customRecordsEdit', { id: row.id, version: row.version, units: 2 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/rest/pallets/${row.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { version: row.version, units: 3 },
    });
    expect(stale.statusCode).toBe(409);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/rest/pallets',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: { code: 'P-5' },
    });
    expect(duplicate.statusCode).toBeGreaterThanOrEqual(400);
    expect(duplicate.body).toContain('P-5');
  });
});
