import { describe, expect, it } from 'vitest';
import { declaredMenuEntries } from '../../../protocol/menu-declared';
import { defineEntity, engineOperationName } from '../../../protocol/resource-entity';
import { field } from '../../../protocol/resource-schema';
import { MANAGED_APPS } from '../../../protocol/resources/managed-apps';
import { REVISIONS } from '../../../protocol/resources/revisions';
import { entityOperations } from '../../../server/engine/index';
import { ENGINE_OPERATION_NAMES } from '../../../server/engine/names';
import { updateParameter } from '../../../src/dataProvider/definitionParameters';

describe('an entity definition', () => {
  it('calls the engine’s operations, named after the resource, with the declared permissions', () => {
    expect(engineOperationName('managed-apps', 'list')).toBe('managedAppsList');
    expect(MANAGED_APPS.verbs.list).toEqual({
      permission: { role: 'user' },
      call: { operation: 'managedAppsList' },
    });
    expect(MANAGED_APPS.verbs.edit).toEqual({
      permission: { role: 'admin' },
      call: { operation: 'managedAppsEdit', id: 'id', version: 'version' },
    });
    expect(MANAGED_APPS.fields.map((f) => f.source)).toEqual([
      'packageName',
      'label',
      'required',
      'autoUpdate',
      'id',
      'version',
      'updatedAt',
    ]);
    expect(MANAGED_APPS.filterOperators?.packageName).toEqual([1, 2, 3, 4, 5, 6]);
    expect(MANAGED_APPS.filterOperators?.required).toBeUndefined();
  });

  it('registers a wire name as an alias of the same operation', () => {
    const apps = defineEntity({
      name: 'kiosk-apps',
      table: 'kiosk_apps',
      title: { one: { es: 'App', en: 'App' }, many: { es: 'Apps', en: 'Apps' } },
      path: '/app/kiosk-apps',
      permissions: { read: { role: 'user' }, write: { role: 'admin' } },
      wireNames: { list: 'List' },
      fields: [field('Package', 'text', { create: true, edit: true })],
    });
    const operations = entityOperations(apps);
    expect(operations.map((o) => o.name)).toEqual([
      'kioskAppsList',
      'List',
      'kioskAppsShow',
      'kioskAppsCreate',
      'kioskAppsEdit',
      'kioskAppsDelete',
    ]);
    expect(operations[1].handler).toBe(operations[0].handler);
    expect(operations.find((o) => o.name === 'kioskAppsDelete')?.permission).toBe('admin');
    expect(ENGINE_OPERATION_NAMES).toEqual(
      expect.arrayContaining(['managedAppsEdit', 'revisions']),
    );
  });

  it('sends the version the record was read with in every edit from the console', () => {
    const call = MANAGED_APPS.verbs.edit!.call as {
      operation: string;
      id: string;
      version: string;
    };
    const previous = { id: 4, packageName: 'com.a.b', label: 'A', version: 7 };
    expect(updateParameter(MANAGED_APPS, call, 4, { ...previous, label: 'B' }, previous)).toEqual({
      id: 4,
      label: 'B',
      version: 7,
    });
  });

  it('places its menu entry in its section, labelled by its title, for whoever may list it', () => {
    expect(declaredMenuEntries([REVISIONS, MANAGED_APPS])).toEqual([
      {
        id: 'managed-apps',
        path: '/app/managed-apps',
        label: 'resources.managed-apps.name',
        title: { es: 'Aplicaciones gestionadas', en: 'Managed apps' },
        icon: 'apps',
        access: 'user',
        group: 'menu.groups.administration',
      },
      expect.objectContaining({ id: 'revisions', icon: 'history', access: 'user' }),
    ]);
  });
});
