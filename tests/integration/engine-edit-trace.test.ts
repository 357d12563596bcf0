import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { addCustomEntity, label } from '../support/custom-entity';

// An engine edit writes its update, its actions-log line and its revision in one statement
// (server/engine/one-statement.ts, updateTraced), as it predicts the stored row; where the row
// reads otherwise (a date and time sent without seconds comes back a Date) both are written
// again from it. Either way they say what the record says once stored, as its show answers it.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.tokenFor('admin');
  await addCustomEntity(t, token, 'crates', { one: ['Caja', 'Crate'], many: ['Cajas', 'Crates'] }, [
    { name: 'name', type: 'text', label: label('Nombre', 'Name'), required: true },
    { name: 'units', type: 'integer', label: label('Unidades', 'Units') },
    { name: 'price', type: 'decimal', label: label('Precio', 'Price') },
    { name: 'since', type: 'date', label: label('Alta', 'Since') },
    { name: 'checked', type: 'datetime', label: label('Revisada', 'Checked') },
  ]);
});
afterAll(async () => t?.close());

async function ok(operation: string, parameter: Record<string, unknown>) {
  const { body } = await t.call(operation, { entity: 'crates', ...parameter }, token);
  expect(body.error.code).toBe('0');
  return body.result as Record<string, unknown> & { id: number; version: number };
}

async function lastTrace(id: number) {
  const revision = await t.database.db
    .selectFrom('core.revisions')
    .select(['before', 'after'])
    .where('resource', '=', 'crates')
    .where('record', '=', String(id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const line = await t.database.db
    .selectFrom('core.actions_log')
    .select(['action', 'detail'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { revision, line };
}

describe('engine edit: update, actions log and revision in one statement', () => {
  it('keeps what the stored row says, predicted or read again', async () => {
    const row = await ok('customRecordsCreate', {
      name: 'Uno',
      units: 3,
      price: 1.5,
      since: '2026-01-02',
    });
    // Texts and integers read back as given: the predicted line and revision stand.
    const first = await ok('customRecordsEdit', {
      id: row.id,
      version: row.version,
      name: 'Dos',
      units: 4,
    });
    const predicted = await lastTrace(row.id);
    expect(predicted.revision).toEqual({
      before: { name: 'Uno', units: 3, version: row.version },
      after: { name: 'Dos', units: 4, version: first.version },
    });
    expect(predicted.line.action).toBe('record_modified');
    expect(predicted.line.detail).toMatchObject({
      resource: 'crates',
      id: row.id,
      name: 'Dos',
      changed: ['name', 'units'],
    });
    // A date and time reads back otherwise than sent: written again from the stored row (the
    // edit goes in a transaction, as one of a type a plain write does not predict).
    const second = await ok('customRecordsEdit', {
      id: row.id,
      version: first.version,
      price: 2.25,
      since: '2026-03-04',
      checked: '2026-03-04T10:30:00Z',
    });
    const shown = await ok('customRecordsShow', { id: row.id });
    const { revision } = await lastTrace(row.id);
    expect(revision.after).toEqual({
      price: shown.price,
      since: shown.since,
      checked: shown.checked,
      version: second.version,
    });
    expect(shown.checked).toBe('2026-03-04T10:30:00.000Z');
    expect(second).toMatchObject({ price: shown.price, since: shown.since, name: 'Dos' });
  });
});
