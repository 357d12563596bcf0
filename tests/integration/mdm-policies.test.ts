import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// MDM policies (issue 36, docs/mdm.md "Policies"): a declared entity whose document is checked
// against its platform's schema by a hook, versioned on every change of the document.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

/** A call as the user reads it: the engine's refusals are in the user's own language. */
async function call(login: string, operation: string, parameter: unknown, language = 'es') {
  await t.database.db
    .updateTable('core.users')
    .set({ language })
    .where('login', '=', login)
    .execute();
  const token = await t.tokenFor(login);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': language,
    },
    payload: { operation, parameter },
  });
  return {
    status: response.statusCode,
    ...(response.json() as { error: { code: string; description: string }; result: any }),
  };
}

const created = async (parameter: Record<string, unknown>) => {
  const answer = await call('admin', 'mdmPoliciesCreate', parameter);
  expect(answer.error.code, answer.error.description).toBe('0');
  return answer.result;
};

async function versionsOf(policy: number, login = 'admin') {
  const answer = await call(login, 'mdmPolicyVersionsList', {
    filter: { policy },
    datatable: { start: 0, length: 50, orderBy: 'policyVersion', orderDir: 'asc' },
  });
  expect(answer.error.code, answer.error.description).toBe('0');
  return answer.result;
}

describe('MDM policy versions', () => {
  it('keeps version 1 on create and a new version on each change of the document only', async () => {
    const policy = await created({
      name: 'Flota Android',
      platform: 'android',
      document: { cameraDisabled: true },
    });
    expect(policy).toMatchObject({ policyVersion: 1, version: 1, platform: 'android' });
    let versions = await versionsOf(policy.id);
    expect(versions.total).toBe(1);
    expect(versions.data[0]).toMatchObject({
      policy: policy.id,
      policyVersion: 1,
      author: 'admin',
      document: { cameraDisabled: true },
    });

    // A description changes the record, not the document: no new policy version.
    const described = await call('admin', 'mdmPoliciesEdit', {
      id: policy.id,
      version: 1,
      description: 'Teléfonos de reparto',
    });
    expect(described.result).toMatchObject({ policyVersion: 1, version: 2 });

    const document = {
      cameraDisabled: true,
      passwordPolicies: [{ passwordMinimumLength: 8, passwordQuality: 'NUMERIC' }],
      systemUpdate: { type: 'WINDOWED', startMinutes: 120, endMinutes: 240 },
    };
    const edited = await call('admin', 'mdmPoliciesEdit', { id: policy.id, version: 2, document });
    expect(edited.result).toMatchObject({ policyVersion: 2, version: 3, document });

    // The same document with its keys in another order is no change.
    const reordered = Object.fromEntries(Object.entries(document).reverse());
    const same = await call('admin', 'mdmPoliciesEdit', {
      id: policy.id,
      version: 3,
      document: reordered,
    });
    expect(same.result).toMatchObject({ policyVersion: 2, version: 3 });

    versions = await versionsOf(policy.id, 'usuario');
    expect(versions.data.map((v: any) => [v.policyVersion, v.document])).toEqual([
      [1, { cameraDisabled: true }],
      [2, document],
    ]);

    // A stale edit is refused as the engine refuses any.
    const stale = await call('admin', 'mdmPoliciesEdit', {
      id: policy.id,
      version: 1,
      document: {},
    });
    expect(stale.error.description).toContain('ha cambiado desde que lo abrió');
    const unversioned = await call('admin', 'mdmPoliciesEdit', { id: policy.id, document: {} });
    expect(unversioned.error.description).toContain(
      'Falta la versión de política MDM que se editó',
    );
  });

  it('serves the versions read-only: no create, edit or delete, nor over REST', async () => {
    const policy = await created({ name: 'Solo lectura', platform: 'ios' });
    const [version] = (await versionsOf(policy.id)).data;
    expect(version.document).toEqual({});
    for (const operation of [
      'mdmPolicyVersionsCreate',
      'mdmPolicyVersionsEdit',
      'mdmPolicyVersionsDelete',
    ]) {
      const answer = await call('admin', operation, { id: version.id, version: 1 });
      expect(answer.error.code, operation).not.toBe('0');
    }
    const admin = await restProviderFor(t, base, 'admin');
    const shown = await admin.getOne('mdm-policy-versions', { id: version.id });
    expect(shown.data).toMatchObject({ policyVersion: 1, platform: 'ios' });
    const deleting = await refusal(
      admin.delete('mdm-policy-versions', { id: version.id, previousData: version }),
    );
    expect(deleting.status).toBeGreaterThanOrEqual(400);
    expect((await versionsOf(policy.id)).total).toBe(1);
  });

  it('deletes a policy with its versions', async () => {
    const policy = await created({ name: 'Borrable', platform: 'windows' });
    const deleted = await call('admin', 'mdmPoliciesDelete', { id: policy.id });
    expect(deleted.error.code).toBe('0');
    expect((await versionsOf(policy.id)).total).toBe(0);
  });
});

describe('MDM policy validation', () => {
  it('refuses a wrong setting by its name, in Spanish and in English, writing nothing', async () => {
    const bad = {
      name: 'Mala',
      platform: 'android',
      document: { passwordPolicies: [{ passwordMinimumLength: 40 }] },
    };
    const es = await call('admin', 'mdmPoliciesCreate', bad, 'es');
    expect(es.error.code).not.toBe('0');
    expect(es.error.description).toBe(
      'La política no es válida: «passwordPolicies[0].passwordMinimumLength» (Requisitos de contraseña) debe ser como máximo 16',
    );
    const en = await call('admin', 'mdmPoliciesCreate', bad, 'en');
    expect(en.error.description).toBe(
      'The policy is not valid: «passwordPolicies[0].passwordMinimumLength» (Password requirements) must be at most 16',
    );
    const list = await call('admin', 'mdmPoliciesList', { filter: { q: 'Mala' } });
    expect(list.result.total).toBe(0);
  });

  it('names an unknown setting, a wrong kind, a wrong choice and the rules between settings', async () => {
    const policy = await created({ name: 'Reglas', platform: 'android' });
    const edit = (document: unknown, language = 'es') =>
      call('admin', 'mdmPoliciesEdit', { id: policy.id, version: 1, document }, language);
    expect((await edit({ cameraDisabeld: true })).error.description).toBe(
      'La política no es válida: «cameraDisabeld» no existe en las políticas de Android',
    );
    expect((await edit({ cameraDisabled: 'yes' }, 'en')).error.description).toBe(
      'The policy is not valid: «cameraDisabled» (Camera disabled) must be yes or no (true or false)',
    );
    expect((await edit({ locationMode: 'GPS' })).error.description).toContain(
      '«locationMode» (Modo de ubicación) no admite ese valor (admite: LOCATION_MODE_UNSPECIFIED, LOCATION_USER_CHOICE',
    );
    expect((await edit({ systemUpdate: { type: 'WINDOWED' } })).error.description).toBe(
      'La política no es válida: «systemUpdate» (Actualización del sistema): el tipo WINDOWED necesita startMinutes y endMinutes',
    );
    expect(
      (await edit({ kioskCustomization: { statusBar: 'SYSTEM_INFO_ONLY' } }, 'en')).error
        .description,
    ).toBe(
      'The policy is not valid: «kioskCustomization» (Kiosk customisation): needs an application with installType KIOSK',
    );
    expect((await edit([])).error.description).toBe(
      'La política no es válida: el documento de la política debe ser un objeto JSON',
    );
    const unchanged = await call('admin', 'mdmPoliciesShow', { id: policy.id });
    expect(unchanged.result).toMatchObject({ version: 1, policyVersion: 1, document: {} });
  });

  it('takes Android applications only from the company’s managed-apps catalogue', async () => {
    const policy = await created({ name: 'Apps', platform: 'android' });
    const document = {
      applications: [
        {
          packageName: 'com.example.reparto',
          installType: 'KIOSK',
          autoUpdateMode: 'AUTO_UPDATE_HIGH_PRIORITY',
        },
      ],
      kioskCustomization: {
        statusBar: 'SYSTEM_INFO_ONLY',
        powerButtonActions: 'POWER_BUTTON_BLOCKED',
      },
    };
    const refused = await call('admin', 'mdmPoliciesEdit', { id: policy.id, version: 1, document });
    expect(refused.error.description).toBe(
      'La política no es válida: «applications[0].packageName» (Aplicaciones): la aplicación com.example.reparto no está en el catálogo de aplicaciones gestionadas de la empresa',
    );
    const app = await call('admin', 'managedAppsCreate', {
      packageName: 'com.example.reparto',
      label: 'Reparto',
    });
    expect(app.error.code).toBe('0');
    const taken = await call('admin', 'mdmPoliciesEdit', { id: policy.id, version: 1, document });
    expect(taken.result).toMatchObject({ policyVersion: 2, document });
  });

  it('checks iOS and Windows documents against their own schemas', async () => {
    const ios = await created({
      name: 'iPad',
      platform: 'ios',
      document: {
        passcode: { forcePIN: true, minLength: 6 },
        restrictions: { allowCamera: false },
      },
    });
    expect(ios.policyVersion).toBe(1);
    const wrongIos = await call('admin', 'mdmPoliciesEdit', {
      id: ios.id,
      version: 1,
      document: { cameraDisabled: true },
    });
    expect(wrongIos.error.description).toBe(
      'La política no es válida: «cameraDisabled» no existe en las políticas de iOS',
    );
    const windows = await call(
      'admin',
      'mdmPoliciesCreate',
      {
        name: 'Portátiles',
        platform: 'windows',
        document: { deviceLock: { MinDevicePasswordLength: 2 } },
      },
      'en',
    );
    expect(windows.error.description).toBe(
      'The policy is not valid: «deviceLock.MinDevicePasswordLength» (Device lock) must be at least 4',
    );
  });
});

describe('MDM policy permissions', () => {
  it('lets an ordinary user read but not write', async () => {
    const policy = await created({ name: 'Lectura', platform: 'android' });
    expect((await call('usuario', 'mdmPoliciesShow', { id: policy.id })).result.name).toBe(
      'Lectura',
    );
    const create = await call('usuario', 'mdmPoliciesCreate', { name: 'Mía', platform: 'android' });
    expect(create.error.code).not.toBe('0');
    const edit = await call('usuario', 'mdmPoliciesEdit', {
      id: policy.id,
      version: 1,
      document: { cameraDisabled: true },
    });
    expect(edit.error.code).not.toBe('0');
    const user = await restProviderFor(t, base, 'usuario');
    const refused = await refusal(
      user.update('mdm-policies', {
        id: policy.id,
        data: { document: { cameraDisabled: true } },
        previousData: policy,
      }),
    );
    expect(refused.status).toBe(403);
    expect((await versionsOf(policy.id)).total).toBe(1);
  });

  it('keeps another company’s policies out of sight', async () => {
    const policy = await created({ name: 'Privada', platform: 'android' });
    const demo = await t.database.db
      .selectFrom('core.companies')
      .select('id')
      .where('name', '=', 'Demo')
      .executeTakeFirstOrThrow();
    const other = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Otra MDM', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const move = (company: number) =>
      t.database.db
        .updateTable('core.users')
        .set({ company_id: company })
        .where('login', '=', 'superadmin')
        .execute();
    await move(other.id);
    try {
      const shown = await call('superadmin', 'mdmPoliciesShow', { id: policy.id });
      expect(shown.error.description).toBe(`Política MDM ${policy.id} no existe.`);
      expect((await call('superadmin', 'mdmPoliciesList', {})).result.total).toBe(0);
      expect((await versionsOf(policy.id, 'superadmin')).total).toBe(0);
    } finally {
      await move(demo.id);
    }
  });
});

describe('MDM policies over REST and OpenAPI', () => {
  it('creates and edits a policy through ra-data-simple-rest, refusing a bad document', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const created = await admin.create('mdm-policies', {
      data: { name: 'Por REST', platform: 'windows', document: { camera: { AllowCamera: false } } },
    });
    expect(created.data).toMatchObject({ policyVersion: 1, version: 1 });
    const updated = await admin.update('mdm-policies', {
      id: created.data.id,
      // A REST client sends the record it read, its version included.
      data: {
        ...created.data,
        document: { camera: { AllowCamera: false }, system: { AllowLocation: 0 } },
      },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ policyVersion: 2, version: 2 });
    const bad = await refusal(
      admin.update('mdm-policies', {
        id: created.data.id,
        data: { ...updated.data, document: { system: { AllowLocation: 5 } } },
        previousData: updated.data,
      }),
    );
    expect(bad.message).toContain('«system.AllowLocation» (Sistema)');
    const versions = await admin.getList('mdm-policy-versions', {
      filter: { policy: created.data.id },
      sort: { field: 'policyVersion', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(versions.data.map((v: any) => v.policyVersion)).toEqual([2, 1]);
  });

  it('describes the policies, and the versions without any write', async () => {
    const token = await t.tokenFor('admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/rest/mdm-policies'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/api/rest/mdm-policies/{id}'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(Object.keys(paths['/api/rest/mdm-policy-versions'])).toEqual(['get']);
    expect(Object.keys(paths['/api/rest/mdm-policy-versions/{id}'])).toEqual(['get']);
  });
});
