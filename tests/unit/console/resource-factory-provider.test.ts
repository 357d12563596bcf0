import { describe, expect, it, vi } from 'vitest';
import { defineResource } from '../../../protocol/resource-definition';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { field } from '../../../protocol/resource-schema';
import { createDataProvider } from '../../../src/dataProvider';
import {
  createParameter,
  listParameter,
  updateParameter,
} from '../../../src/dataProvider/definitionParameters';

const GROUPS = defineResource({
  name: 'groups',
  title: { one: { es: 'Grupo', en: 'Group' }, many: { es: 'Grupos', en: 'Groups' } },
  path: '/app/groups',
  key: 'ID',
  scope: 'project',
  fields: [
    field('ID', 'int', { computed: true }),
    field('title', 'text', { create: true, edit: true }),
    field('kind', 'choice', { create: true, filter: true, sort: false, choices: [] }),
    field('devices', 'int', { computed: true, filter: false }),
  ],
  verbs: {
    list: { permission: { role: 'user' }, call: { operation: 'groups' } },
    create: {
      permission: { node: 'groups', mode: 'write' },
      call: { operation: 'saveGroup', record: 'group', rename: { title: 'name' }, fixed: { v: 2 } },
    },
    edit: {
      permission: { node: 'groups', mode: 'write' },
      call: { operation: 'saveGroup', id: 'groupId', record: 'group', rename: { title: 'name' } },
    },
    delete: { permission: { role: 'admin' }, call: { operation: 'deleteGroup', id: 'groupId' } },
  },
});

describe('definition parameters', () => {
  it('adds the project database, sorts only by sortable fields and keeps declared filters', () => {
    const sorted = listParameter(GROUPS, {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'kind', order: 'DESC' },
      filter: { database: '7', kind: ' A ', devices: '3', q: 'x', other: 1 },
    });
    expect(sorted).toEqual({
      database: 7,
      datatable: { start: 10, length: 10, orderDir: 'asc' },
      filter: { kind: 'A' },
    });
  });

  it('renames fields, puts them under the record name and merges the fixed values on create', () => {
    expect(
      createParameter(
        GROUPS,
        GROUPS.verbs.create!.call as never,
        { title: 'Ventas', devices: 4 },
        3,
      ),
    ).toEqual({ database: 3, group: { name: 'Ventas' }, v: 2 });
  });

  it('sends on edit the key and only the fields that changed, renamed', () => {
    const previous = { ID: 5, title: 'Ventas', kind: 'A', devices: 4 };
    expect(
      updateParameter(
        GROUPS,
        GROUPS.verbs.edit!.call as never,
        5,
        { ...previous, title: 'Compras' },
        previous,
        3,
      ),
    ).toEqual({ database: 3, groupId: 5, group: { name: 'Compras' } });
  });

  it('leaves database out of a company resource', () => {
    const parameter = listParameter(ENVIRONMENTS, { filter: { database: 3, q: 'sede' } });
    expect(parameter).toEqual({
      datatable: { start: 0, length: 100, orderDir: 'asc' },
      filter: { q: 'sede' },
    });
  });
});

describe('data provider of declared resources', () => {
  it('creates and edits an environment through the engine, changes only, with its version', async () => {
    const callService = vi.fn(async () => ({ id: 4 }));
    const dataProvider = createDataProvider(callService as never);
    await dataProvider.create('environments', {
      data: {
        title: 'Sede',
        address: 'https://a',
        authority: 'https://b',
        maxLicences: 0,
        system: true,
      },
    });
    expect(callService).toHaveBeenLastCalledWith('environmentsCreate', {
      title: 'Sede',
      address: 'https://a',
      authority: 'https://b',
      maxLicences: 0,
    });
    const previous = { id: 4, title: 'Sede', address: 'https://a', system: false, version: 3 };
    await dataProvider.update('environments', {
      id: 4,
      data: { ...previous, title: 'Sede 2' },
      previousData: previous,
    });
    expect(callService).toHaveBeenLastCalledWith('environmentsEdit', {
      id: 4,
      version: 3,
      title: 'Sede 2',
    });
  });

  it('edits through a call that names fields otherwise (rename)', async () => {
    const callService = vi.fn(async () => ({ id: 4 }));
    const dataProvider = createDataProvider(callService as never);
    const previous = { id: 4, name: 'Demo', web: 'https://a' };
    await dataProvider.update('company-data', {
      id: 4,
      data: { ...previous, name: 'Demo 2' },
      previousData: previous,
    });
    expect(callService).toHaveBeenLastCalledWith('modifyCompanyData', { id: 4, Name: 'Demo 2' });
  });

  it('answers getOne from the rows the list returned when there is no show verb', async () => {
    const callService = vi.fn(async () => ({ data: [{ id: 4, name: 'Sede' }], total: 1 }));
    const dataProvider = createDataProvider(callService as never);
    await dataProvider.getList('shared-companies', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    await expect(dataProvider.getOne('shared-companies', { id: 4 })).resolves.toMatchObject({
      data: { id: 4, name: 'Sede' },
    });
    await expect(dataProvider.getOne('shared-companies', { id: 5 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('reads the first page of the list for a row no list has shown yet (a preset reference)', async () => {
    const callService = vi.fn(async () => ({ data: [{ numero: 1, name: 'Demo' }], total: 1 }));
    const dataProvider = createDataProvider(callService as never);
    await expect(dataProvider.getMany('recents', { ids: [1] })).resolves.toMatchObject({
      data: [{ numero: 1, name: 'Demo' }],
    });
    expect(callService).toHaveBeenCalledTimes(1);
    expect(callService).toHaveBeenCalledWith('recents', expect.anything(), undefined);
  });

  it('pages a capped total ("more than", an engine list) by whether a next page exists', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, title: `Sede ${i}` }));
    const callService = vi.fn(async () => ({ data: rows, total: 1000, totalCapped: true }));
    const dataProvider = createDataProvider(callService as never);
    const page = await dataProvider.getList('environments', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    expect(page.total).toBeUndefined();
    expect(page.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
  });

  it('deletes several one by one and stops at the first refusal', async () => {
    const callService = vi.fn(async (_operation: string, parameter: { id: number }) => {
      if (parameter.id === 2) throw new Error('No se puede borrar el entorno del sistema.');
      return true;
    });
    const dataProvider = createDataProvider(callService as never);
    await expect(dataProvider.deleteMany('environments', { ids: [1, 2, 3] })).rejects.toThrow(
      'No se puede borrar el entorno del sistema.',
    );
    expect(callService.mock.calls.map((call) => call[1])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('marks notifications read one by one with the bulk action call', async () => {
    const callService = vi.fn(async () => true);
    const dataProvider = createDataProvider(callService as never);
    await dataProvider.bulkAction('notifications', 'markRead', [3, 4]);
    expect(callService.mock.calls).toEqual([
      ['notificationRead', { id: 3 }],
      ['notificationRead', { id: 4 }],
    ]);
  });
});
