import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// Overrides hold on the server (issue 34, point 9): what an administrator sets in the "Recursos"
// editor — required, maxLength, read-only, not in the edit form, hidden — is enforced by the
// engine's operations and by REST, not only drawn by the console.

let t: TestApp;
let base: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  admin = await t.tokenFor('admin');
});
afterAll(async () => t?.close());

const call = async (operation: string, parameter: unknown) =>
  (await t.call(operation, parameter, admin)).body;

async function saveOverride(override: unknown) {
  const saved = await call('saveResourceOverride', {
    resource: 'managed-apps',
    scope: 'company',
    override,
  });
  expect(saved.error.code).toBe('0');
}

describe('overrides of managed apps on the server', () => {
  it('refuses a label longer than the override allows, through services and REST', async () => {
    await saveOverride({ fields: { label: { maxLength: 5 } } });
    const long = await call('managedAppsCreate', { packageName: 'com.a.long', label: 'Ocho car' });
    expect(long.error.code).not.toBe('0');
    expect(long.error.description).toMatch(/Nombre/);
    const rest = await restProviderFor(t, base, 'admin', 'en');
    const refused = await refusal(
      rest.create('managed-apps', { data: { packageName: 'com.a.rest', label: 'Eight ch' } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/Name/);
    const short = await call('managedAppsCreate', { packageName: 'com.a.short', label: 'Corta' });
    expect(short.error.code).toBe('0');
  });

  it('refuses a change of a read-only or non-editable field, lets the same value pass', async () => {
    await saveOverride({ fields: { label: { readOnly: true }, autoUpdate: { edit: false } } });
    const created = await call('managedAppsCreate', { packageName: 'com.a.ro', label: 'Fija' });
    const { id, version } = created.result;
    const changed = await call('managedAppsEdit', { id, version, label: 'Otra' });
    expect(changed.error.code).not.toBe('0');
    expect(changed.error.description).toBe('El campo Nombre no se puede cambiar.');
    const flag = await call('managedAppsEdit', { id, version, autoUpdate: false });
    expect(flag.error.description).toBe('El campo Actualización automática no se puede cambiar.');
    const same = await call('managedAppsEdit', { id, version, label: 'Fija', required: true });
    expect(same.error.code).toBe('0');
    expect(same.result).toMatchObject({ label: 'Fija', required: true, version: 2 });
  });

  it('refuses an empty value of a field the override made required', async () => {
    await saveOverride({ fields: { packageName: { maxLength: 30 }, label: { required: true } } });
    const created = await call('managedAppsCreate', { packageName: 'com.a.req', label: 'Req' });
    const edited = await call('managedAppsEdit', {
      id: created.result.id,
      version: created.result.version,
      label: '',
    });
    expect(edited.error.code).not.toBe('0');
    expect(edited.error.description).toMatch(/Nombre/);
  });

  it('neither returns, filters, sorts nor writes a hidden field', async () => {
    await saveOverride({ hide: ['required'] });
    const created = await call('managedAppsCreate', {
      packageName: 'com.a.hidden',
      label: 'Oculta',
      required: true,
    });
    expect(created.error.code).toBe('0');
    expect(created.result).not.toHaveProperty('required');
    const listed = await call('managedAppsList', { datatable: { start: 0, length: 50 } });
    expect(listed.result.data.every((row: object) => !('required' in row))).toBe(true);
    const sorted = await call('managedAppsList', {
      datatable: { start: 0, length: 5, orderBy: 'required' },
    });
    expect(sorted.error.code).not.toBe('0');
    const filtered = await call('managedAppsList', {
      datatable: { start: 0, length: 5 },
      rowfilter: { required: 'true' },
    });
    expect(filtered.error.code).not.toBe('0');
    // Written with the declared default, not the value sent.
    const stored = await t.database.db
      .selectFrom('core.managed_apps' as never)
      .select('required' as never)
      .where('packageName' as never, '=', 'com.a.hidden' as never)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ required: false });

    const rest = await restProviderFor(t, base, 'admin');
    const { data } = await rest.getList('managed-apps', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'label', order: 'ASC' },
      filter: { required: true },
    });
    expect(data.length).toBeGreaterThan(3);
    expect(data.every((row) => !('required' in row))).toBe(true);
    const one = await rest.getOne('managed-apps', { id: created.result.id });
    expect(one.data).not.toHaveProperty('required');
  });

  it('serves the declaration again once the override is removed', async () => {
    await saveOverride(null);
    const listed = await call('managedAppsList', { datatable: { start: 0, length: 50 } });
    expect(listed.result.data.every((row: object) => 'required' in row)).toBe(true);
  });
});
