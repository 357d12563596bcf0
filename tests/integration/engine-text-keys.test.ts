import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../protocol/resource-entity';
import { field } from '../../protocol/resource-schema';
import { ENGINE_HOOKS } from '../../server/engine/hooks';
import { entityOperations } from '../../server/engine/index';
import { revertOperation } from '../../server/engine/revert';
import type { Operation, OperationContext } from '../../server/services/registry';
import { buildTestApp, type TestApp } from '../support/app';

// A mapped table keyed by a text (docs/resources.md, "Text keys"), of this test only: every verb,
// edit and revert included (the identity clients, the real one, are not edited).

let t: TestApp;
let ctx: OperationContext;

const NOTES = defineEntity({
  name: 'test-text-notes',
  table: 'test_text_notes',
  keyType: 'text',
  mapped: { columns: { id: 'code' } },
  title: { one: { es: 'Nota', en: 'Note' }, many: { es: 'Notas', en: 'Notes' } },
  path: '/app/test-text-notes',
  permissions: { read: { role: 'user' }, write: { role: 'user' } },
  labelField: 'body',
  fields: [field('body', 'text', { label: { es: 'Texto', en: 'Text' }, create: true, edit: true })],
});

const operation = (verb: string): Operation =>
  entityOperations(NOTES).find((o) => o.name === `testTextNotes${verb}`)!;
const run = (o: Operation, parameter: unknown) => o.handler(o.parameter.parse(parameter), ctx);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await sql`
    CREATE TABLE core.test_text_notes (
      code text PRIMARY KEY,
      company_id integer NOT NULL REFERENCES core.companies (id) ON DELETE CASCADE,
      body text,
      version integer NOT NULL DEFAULT 1,
      custom jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  const admin = await db
    .selectFrom('core.users')
    .select(['id', 'company_id', 'login'])
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  ctx = {
    db,
    config: t.config,
    user: {
      id: admin.id,
      login: admin.login,
      companyId: admin.company_id,
      language: 'es',
      profile: 'ADMINISTRADOR',
    },
    channel: 'console',
  } as unknown as OperationContext;
  // The key is the hook's: a code from the text.
  ENGINE_HOOKS['test-text-notes'] = {
    async beforeCreate(values) {
      return { ...values, id: `nota-${String(values.body).toLowerCase()}` };
    },
  };
});
afterAll(async () => {
  delete ENGINE_HOOKS['test-text-notes'];
  await sql`DROP TABLE IF EXISTS core.test_text_notes`.execute(t.database.db);
  await t?.close();
});

describe('a text key', () => {
  it('is the id of a text field, taken as a text by show, edit and delete only', () => {
    expect(NOTES.fields.find((f) => f.source === 'id')?.type).toBe('text');
    expect(operation('Show').parameter.parse({ id: 'nota-a' })).toEqual({ id: 'nota-a' });
    expect(operation('Delete').parameter.parse({ id: 12 })).toEqual({ id: '12' });
    expect(operation('Show').parameter.safeParse({ id: '' }).success).toBe(false);
    expect(operation('List').parameter.safeParse({}).success).toBe(true);
  });

  it('creates, shows, edits (with its version), reverts and deletes by its text', async () => {
    const made = await run(operation('Create'), { body: 'Uno' });
    expect(made).toMatchObject({ id: 'nota-uno', body: 'Uno', version: 1 });
    expect(await run(operation('Show'), { id: 'nota-uno' })).toMatchObject({ body: 'Uno' });
    const list = await run(operation('List'), { filter: { q: 'uno' } });
    expect(list).toMatchObject({ total: 1, data: [{ id: 'nota-uno' }] });

    const edited = await run(operation('Edit'), { id: 'nota-uno', version: 1, body: 'Dos' });
    expect(edited).toMatchObject({ id: 'nota-uno', body: 'Dos', version: 2 });
    const { id: revision } = await t.database.db
      .selectFrom('core.revisions')
      .select('id')
      .where('resource', '=', 'test-text-notes')
      .where('record', '=', 'nota-uno')
      .where('action', '=', 'edit')
      .executeTakeFirstOrThrow();
    const revert = revertOperation([NOTES]);
    expect(await run(revert, { id: revision })).toMatchObject({ body: 'Uno', version: 3 });

    await expect(run(operation('Show'), { id: 'nota-otra' })).rejects.toThrow(
      'Nota nota-otra no existe.',
    );
    expect(await run(operation('Delete'), { id: 'nota-uno' })).toMatchObject({ body: 'Uno' });
    const records = await t.database.db
      .selectFrom('core.revisions')
      .select('action')
      .where('resource', '=', 'test-text-notes')
      .where('record', '=', 'nota-uno')
      .orderBy('id')
      .execute();
    expect(records.map((r) => r.action)).toEqual(['create', 'edit', 'edit', 'delete']);
  });
});
