import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  demoProject,
  insertDevices,
  type TestProject,
} from '../support/devices';
import { setLanguage } from '../support/language';

let t: TestApp;
let admin: string;
let usuario: string;
let demo: TestProject;
let other: TestProject;
const catalogue = { application: 0, users: [] as { ID: number; NAME: string }[] };

const call = (operation: string, parameter: Record<string, unknown>, token = admin) =>
  t.call(operation, { database: demo.numero, ...parameter }, token);
const ok = async (operation: string, parameter: Record<string, unknown>, token = admin) => {
  const { body } = await call(operation, parameter, token);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
};
const refusal = async (operation: string, parameter: Record<string, unknown>, token = admin) => {
  const { status, body } = await call(operation, parameter, token);
  expect(status).toBe(200);
  expect(body.error.code).toBe('-1');
  expect(body.result).toBeNull();
  return body.error.description as string;
};
const stored = (mid: string) =>
  projectDb(t.database.db, demo.schema)
    .selectFrom('devices')
    .selectAll()
    .where('MID', '=', mid)
    .executeTakeFirst();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  demo = await demoProject(t.database.db);
  other = await createOtherCompany(t.database.db, 'otra-admin');
  // The other project's IDs start far from the demo's, so an ID of it names nothing here.
  await sql`SELECT setval(pg_get_serial_sequence(${`${other.schema}.devices`}, 'ID'), 1000)`.execute(
    t.database.db,
  );
  await insertDevices(t.database.db, other.schema, 3, 'OTHER');
  const pdb = projectDb(t.database.db, demo.schema);
  catalogue.application = (
    await pdb.selectFrom('applications').select('ID').orderBy('ID').executeTakeFirstOrThrow()
  ).ID;
  catalogue.users = await pdb
    .selectFrom('app_users')
    .select(['ID', 'NAME'])
    .orderBy('ID')
    .execute();
});
afterAll(() => t.close());

describe('deviceForEdit and saveDevice', () => {
  it('offers an empty device with the lists for the new-device form', async () => {
    const blank = await ok('deviceForEdit', {});
    expect(blank).toMatchObject({
      ID: null,
      MID: '',
      Licensed: false,
      Ready: false,
      Platform: null,
      Application: null,
    });
    expect(blank.AllApplication.map((a: { NAME: string }) => a.NAME)).toEqual([
      'Flota Reparto',
      'Flota Ventas',
    ]);
    expect(blank.AllUsers).toHaveLength(5);
    expect(blank.AllPlatforms).toHaveLength(11);
    const android = blank.AllPlatforms.find((p: { platform: string }) => p.platform === 'ANDROID');
    expect(android.models.map((m: { model: string }) => m.model)).toContain('Pixel 8');
  });

  it('creates a device, then reads it back by ID and by MID with its choices', async () => {
    const [user] = catalogue.users;
    const created = await ok('saveDevice', {
      device: {
        MID: 'NEW-0001',
        OWNER: 'Ana García',
        DEVICE_TYPE: 'android',
        MODEL: 'Pixel 8',
        EMAIL: 'ana@example.com',
        IMEI: '350000000000001',
        PIN: '',
        IDAPPLICATION: catalogue.application,
        IDUSER: user.ID,
      },
    });
    expect(created).toMatchObject({
      MID: 'NEW-0001',
      DEVICE_TYPE: 'ANDROID',
      USERNAME: user.NAME,
      PIN: null,
      PENDIENTE: 0,
    });
    expect(created.ID).toBeGreaterThan(0);
    const byId = await ok('deviceForEdit', { ID: created.ID });
    expect(byId).toMatchObject({
      MID: 'NEW-0001',
      Estado: 1,
      Ready: true,
      Licensed: false,
      Platform: { platform: 'ANDROID' },
      Model: { model: 'Pixel 8' },
      Application: { ID: catalogue.application, NAME: 'Flota Ventas' },
      User: { ID: user.ID, NAME: user.NAME },
      Replica: { MID: 'NEW-0001', PENDIENTE: 0 },
      Inventory: null,
      Position: null,
    });
    expect((await ok('deviceForEdit', { MID: 'NEW-0001' })).ID).toBe(created.ID);
    // The specification's shape, {database, id}: the same device, not a blank one.
    expect(await ok('deviceForEdit', { id: created.ID })).toMatchObject({ MID: 'NEW-0001' });
  });

  it('returns the inventory and last position the device reported', async () => {
    const pdb = projectDb(t.database.db, demo.schema);
    await pdb
      .insertInto('device_info')
      .values({
        MID: 'NEW-0001',
        INFO: JSON.stringify({ batteryLevel: 80, osVersion: '14' }),
        LASTINFO: new Date(),
      })
      .execute();
    await pdb
      .insertInto('device_positions')
      .values({ MID: 'NEW-0001', LATITUDE: 40.4, LONGITUDE: -3.7, ACCURACY: 12, TIME: new Date() })
      .execute();
    const device = await ok('deviceForEdit', { MID: 'NEW-0001' });
    expect(device.Inventory.INFO).toEqual({ batteryLevel: 80, osVersion: '14' });
    expect(device.Position).toMatchObject({ LATITUDE: 40.4, LONGITUDE: -3.7, ACCURACY: 12 });
  });

  it('changes the fields sent and keeps the rest', async () => {
    const device = (await stored('NEW-0001'))!;
    const saved = await ok('saveDevice', {
      device: { ID: device.ID, OWNER: 'Ana G.', DEVICEGROUP: 'Ventas' },
    });
    expect(saved).toMatchObject({
      OWNER: 'Ana G.',
      DEVICEGROUP: 'Ventas',
      EMAIL: 'ana@example.com',
      IMEI: '350000000000001',
    });
  });

  it('refuses a duplicate IMEI with the message and no result, and changes nothing', async () => {
    const description = await refusal('saveDevice', {
      device: { MID: 'NEW-0002', IMEI: '350000000000001' },
    });
    expect(description).toBe(
      'IMEI duplicado: ya existe otro dispositivo con el IMEI 350000000000001. No se ha guardado el dispositivo.',
    );
    expect(await stored('NEW-0002')).toBeUndefined();
    const second = await ok('saveDevice', { device: { MID: 'NEW-0002', IMEI: '350000000000002' } });
    expect(
      await refusal('saveDevice', { device: { ID: second.ID, IMEI: '350000000000001' } }),
    ).toMatch(/^IMEI duplicado/);
    expect((await stored('NEW-0002'))!.IMEI).toBe('350000000000002');
  });

  it('refuses a taken MID, a MID change, a missing MID and a MID enrolled in another project', async () => {
    expect(await refusal('saveDevice', { device: { MID: 'NEW-0001' } })).toBe(
      `Ya existe un dispositivo con el MID NEW-0001 en el proyecto «Demo».`,
    );
    const device = (await stored('NEW-0001'))!;
    expect(await refusal('saveDevice', { device: { ID: device.ID, MID: 'RENAMED' } })).toMatch(
      /no se puede cambiar/,
    );
    expect(await refusal('saveDevice', { device: { OWNER: 'Nadie' } })).toBe(
      'Indique el MID del nuevo dispositivo.',
    );
    await t.database.db
      .insertInto('core.device_directory')
      .values({ mid: 'ENROLLED-ELSEWHERE', numero: other.numero, credential_hash: 'x' })
      .execute();
    expect(await refusal('saveDevice', { device: { MID: 'ENROLLED-ELSEWHERE' } })).toBe(
      'El MID ENROLLED-ELSEWHERE ya está registrado en otro proyecto.',
    );
  });

  it('refuses unknown platforms, applications and users, bad e-mails, and setting a licence by hand', async () => {
    expect(await refusal('saveDevice', { device: { MID: 'NEW-0003', DEVICE_TYPE: 'NOKIA' } })).toBe(
      `La plataforma NOKIA no existe en el proyecto «Demo».`,
    );
    expect(
      await refusal('saveDevice', { device: { MID: 'NEW-0003', IDAPPLICATION: 999 } }),
    ).toMatch(/La aplicación 999 no existe/);
    expect(await refusal('saveDevice', { device: { MID: 'NEW-0003', IDUSER: 999 } })).toMatch(
      /El usuario 999 no existe/,
    );
    expect(
      await refusal('saveDevice', { device: { MID: 'NEW-0003', EMAIL: 'not-an-email' } }),
    ).toBe('El campo Correo electrónico no es una dirección de correo válida.');
    expect(await refusal('saveDevice', { device: { MID: 'NEW 0003' } })).toBe(
      'El campo MID no tiene el formato esperado: solo letras, cifras y . _ : -.',
    );
    expect(
      await refusal('saveDevice', { device: { MID: 'NEW-0003', LIC: 'FREE-LICENCE' } }),
    ).toMatch(/createdevicelic/);
    expect(await stored('NEW-0003')).toBeUndefined();
  });
});

describe('saveDevice refusals by the declared fields (issue 17, defect 1)', () => {
  it("names the field by its label in the caller's language, never the raw parameter path", async () => {
    const bad = { device: { MID: 'NEW-0004', EMAIL: 'ana@', IMEI: '12 34', OWNER: 7 } };
    try {
      expect(await refusal('saveDevice', bad)).toBe(
        'El campo Propietario debe ser un texto. ' +
          'El campo Correo electrónico no es una dirección de correo válida. ' +
          'El campo IMEI no tiene el formato esperado: solo letras, cifras y guiones.',
      );
      await setLanguage(t.database.db, 'admin', 'en');
      const english = await refusal('saveDevice', bad);
      expect(english).toBe(
        'Owner must be a text. E-mail is not a valid e-mail address. ' +
          'IMEI is not in the expected format: letters, digits and hyphens only.',
      );
      expect(english).not.toMatch(/saveDevice|device\./);
      // An edit is checked the same way, and nothing is written.
      const { ID } = (await stored('NEW-0001'))!;
      expect(await refusal('saveDevice', { ID, device: { EMAIL: 'no' } })).toBe(
        'E-mail is not a valid e-mail address.',
      );
      expect((await stored('NEW-0001'))!.EMAIL).not.toBe('no');
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect(await stored('NEW-0004')).toBeUndefined();
  });
});

describe('createdevicelic and deviceDevicesApplication', () => {
  it('licenses a ready device once, and refuses one without application and user', async () => {
    const ready = (await stored('NEW-0001'))!;
    const licensed = await ok('createdevicelic', { device: { ID: ready.ID } });
    expect(licensed.LIC).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect((await ok('createdevicelic', { device: { ID: ready.ID } })).LIC).toBe(licensed.LIC);
    expect((await ok('deviceForEdit', { ID: ready.ID })).Licensed).toBe(true);
    const bare = (await stored('NEW-0002'))!;
    expect(await refusal('createdevicelic', { device: { ID: bare.ID } })).toBe(
      'El dispositivo NEW-0002 necesita una aplicación y un usuario antes de recibir licencia.',
    );
  });

  it('assigns the user of a device by MID, and clears it', async () => {
    const [, second] = catalogue.users;
    const result = await ok('deviceDevicesApplication', {
      MID: 'NEW-0002',
      newUserID: second.ID,
      newApplicationID: catalogue.application,
    });
    expect(result).toMatchObject({
      MID: 'NEW-0002',
      IDUSER: second.ID,
      USERNAME: second.NAME,
      IDAPPLICATION: catalogue.application,
    });
    expect(await refusal('deviceDevicesApplication', { MID: 'NEW-0002', newUserID: 999 })).toMatch(
      /El usuario 999 no existe/,
    );
    expect(await refusal('deviceDevicesApplication', { MID: 'NOPE', newUserID: second.ID })).toBe(
      `El dispositivo con MID NOPE no existe en el proyecto «Demo».`,
    );
    const cleared = await ok('deviceDevicesApplication', { MID: 'NEW-0001', newUserID: null });
    expect(cleared).toMatchObject({ IDUSER: null, USERNAME: null });
    expect(cleared.LIC).not.toBeNull();
  });

  it('gives out no more licences than the project has, even to simultaneous requests', async () => {
    const pdb = projectDb(t.database.db, demo.schema);
    const [user] = catalogue.users;
    const made = await pdb
      .insertInto('devices')
      .values(
        ['LIC-A', 'LIC-B', 'LIC-C'].map((MID) => ({
          MID,
          IDAPPLICATION: catalogue.application,
          IDUSER: user.ID,
        })),
      )
      .returning('ID')
      .execute();
    const used = Number(
      (
        await pdb
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('LIC', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await t.database.db
      .updateTable('core.projects')
      .set({ licences: used + 1 })
      .where('numero', '=', demo.numero)
      .execute();
    const answers = await Promise.all(
      made.map(({ ID }) => call('createdevicelic', { device: { ID } })),
    );
    const granted = answers.filter(({ body }) => body.error.code === '0');
    expect(granted).toHaveLength(1);
    for (const { body } of answers.filter(({ body }) => body.error.code !== '0')) {
      expect(body.error.description).toBe(
        `No quedan licencias libres en el proyecto «Demo»: ${used + 1} de ${used + 1} en uso.`,
      );
    }
    await t.database.db
      .updateTable('core.projects')
      .set({ licences: 200 })
      .where('numero', '=', demo.numero)
      .execute();
  });

  it('frees a licence when the dialog clears it', async () => {
    const device = (await stored('NEW-0001'))!;
    expect((await ok('saveDevice', { device: { ID: device.ID, LIC: '' } })).LIC).toBeNull();
  });
});

describe('setPendingDevices', () => {
  it('disables devices (PENDIENTE 1) and enables them (PENDIENTE 0); disabled provisioned devices turn red', async () => {
    const pdb = projectDb(t.database.db, demo.schema);
    await pdb
      .updateTable('devices')
      .set({ STATUS: 2 })
      .where('MID', 'in', ['LIC-A', 'LIC-B'])
      .execute();
    expect(
      await ok('setPendingDevices', { lstMID: ['LIC-A', 'LIC-B'], status: 'disabled' }),
    ).toEqual({ updated: 2, PENDIENTE: 1 });
    const red = await ok('devicesWithPages', { status: 2 });
    expect(red.data.map((row: { MID: string }) => row.MID).sort()).toEqual(['LIC-A', 'LIC-B']);
    expect(red.data.every((row: { Estado: number }) => row.Estado === 2)).toBe(true);
    expect(await ok('setPendingDevices', { lstMID: ['LIC-A'], status: 'enabled' })).toEqual({
      updated: 1,
      PENDIENTE: 0,
    });
    expect((await stored('LIC-A'))!.PENDIENTE).toBe(0);
  });

  it('changes nothing when one MID is not a device of the project', async () => {
    expect(
      await refusal('setPendingDevices', { lstMID: ['LIC-A', 'OTHER-1'], status: 'disabled' }),
    ).toBe(
      `No existen en el proyecto «Demo» los dispositivos con MID OTHER-1; no se ha cambiado nada.`,
    );
    expect((await stored('LIC-A'))!.PENDIENTE).toBe(0);
    expect(await refusal('setPendingDevices', { lstMID: ['LIC-A'], status: 'paused' })).toMatch(
      /status/,
    );
    expect(await refusal('setPendingDevices', { lstMID: [], status: 'enabled' })).toMatch(/lstMID/);
  });
});

describe('deviceDelete', () => {
  it('deletes one device with its information, position and directory entry', async () => {
    const device = (await stored('NEW-0001'))!;
    await t.database.db
      .insertInto('core.device_directory')
      .values({ mid: 'NEW-0001', numero: demo.numero, credential_hash: 'x' })
      .execute();
    expect(await ok('deviceDelete', { ID: device.ID })).toEqual({ deleted: 1, MID: ['NEW-0001'] });
    expect(await stored('NEW-0001')).toBeUndefined();
    const pdb = projectDb(t.database.db, demo.schema);
    expect(
      await pdb.selectFrom('device_info').selectAll().where('MID', '=', 'NEW-0001').execute(),
    ).toEqual([]);
    expect(
      await pdb.selectFrom('device_positions').selectAll().where('MID', '=', 'NEW-0001').execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('core.device_directory')
        .selectAll()
        .where('mid', '=', 'NEW-0001')
        .execute(),
    ).toEqual([]);
  });

  it('deletes a list in one transaction: all or none', async () => {
    const [a, b, c] = await Promise.all(
      ['LIC-A', 'LIC-B', 'LIC-C'].map(async (mid) => (await stored(mid))!.ID),
    );
    expect(await refusal('deviceDelete', { dataArray: [a, 1001] })).toBe(
      `No existen en el proyecto «Demo» los dispositivos con ID 1001; no se ha cambiado nada.`,
    );
    expect(await stored('LIC-A')).toBeDefined();
    expect(await ok('deviceDelete', { dataArray: [a, { ID: b }, c] })).toMatchObject({
      deleted: 3,
    });
    expect(await stored('LIC-B')).toBeUndefined();
    expect(await refusal('deviceDelete', {})).toMatch(/give either ID or dataArray/);
  });
});

describe('devices of other projects and callers without permission', () => {
  it('refuses a device of another project addressed by ID or MID, and leaves it alone', async () => {
    expect(await refusal('deviceForEdit', { ID: 1001 })).toBe(
      `El dispositivo con ID 1001 no existe en el proyecto «Demo».`,
    );
    expect(await refusal('deviceForEdit', { MID: 'OTHER-1' })).toBe(
      `El dispositivo con MID OTHER-1 no existe en el proyecto «Demo».`,
    );
    expect(await refusal('saveDevice', { device: { ID: 1001, OWNER: 'mine now' } })).toMatch(
      /no existe en el proyecto/,
    );
    expect(await refusal('deviceDelete', { ID: 1001 })).toMatch(/no existen en el proyecto/i);
    const untouched = await projectDb(t.database.db, other.schema)
      .selectFrom('devices')
      .selectAll()
      .where('ID', '=', 1001)
      .executeTakeFirstOrThrow();
    expect(untouched.OWNER).toBe('Owner 1');
  });

  it("refuses another company's project with a description", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['deviceForEdit', { ID: 1001 }],
      ['deviceDelete', { ID: 1001 }],
      ['devicesWithPages', {}],
      ['setPendingDevices', { lstMID: ['OTHER-1'], status: 'enabled' }],
    ];
    for (const [operation, parameter] of calls) {
      const { body } = await t.call(operation, { database: other.numero, ...parameter }, admin);
      expect(body.error).toEqual({
        code: '-1',
        description: `El proyecto ${other.numero} no existe o no pertenece a su empresa.`,
      });
    }
  });

  it('lets an ordinary user read devices but refuses every change with 403', async () => {
    const device = (await stored('NEW-0002'))!;
    expect((await call('deviceForEdit', { ID: device.ID }, usuario)).body.error.code).toBe('0');
    const changes: [string, Record<string, unknown>][] = [
      ['saveDevice', { device: { ID: device.ID, OWNER: 'x' } }],
      ['saveDevice', { device: { MID: 'BY-USUARIO' } }],
      ['createdevicelic', { device: { ID: device.ID } }],
      ['deviceDevicesApplication', { MID: 'NEW-0002', newUserID: null }],
      ['setPendingDevices', { lstMID: ['NEW-0002'], status: 'disabled' }],
      ['deviceDelete', { ID: device.ID }],
    ];
    for (const [operation, parameter] of changes) {
      const { status, body } = await call(operation, parameter, usuario);
      expect(status).toBe(403);
      expect(body.error).toEqual({
        code: '403',
        description: 'Su usuario no tiene permiso para esta acción.',
      });
    }
    expect(await stored('NEW-0002')).toMatchObject({ OWNER: null, PENDIENTE: 0 });
  });
});

describe("refusals in the caller's language", () => {
  it('answers an English-speaking caller in English, and a Spanish one as before', async () => {
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      expect(await refusal('deviceForEdit', { ID: 1001 })).toBe(
        `The device with ID 1001 does not exist in project “Demo”.`,
      );
      expect(await refusal('deviceForEdit', { MID: 'OTHER-1' })).toBe(
        `The device with MID OTHER-1 does not exist in project “Demo”.`,
      );
      expect(await refusal('saveDevice', { device: { OWNER: 'Nobody' } })).toBe(
        'Give the MID of the new device.',
      );
      expect(
        await refusal('saveDevice', { device: { MID: 'NEW-0009', DEVICE_TYPE: 'NOKIA' } }),
      ).toBe(`Platform NOKIA does not exist in project “Demo”.`);
      expect(
        await refusal('setPendingDevices', { lstMID: ['NEW-0002', 'OTHER-1'], status: 'disabled' }),
      ).toBe(`Project “Demo” has no devices with MID OTHER-1; nothing has been changed.`);
      expect(await refusal('deviceDelete', { dataArray: [1001, 1002] })).toBe(
        `Project “Demo” has no devices with ID 1001, 1002; nothing has been changed.`,
      );
      const bare = (await stored('NEW-0002'))!;
      await ok('deviceDevicesApplication', { MID: 'NEW-0002', newUserID: null });
      expect(await refusal('createdevicelic', { device: { ID: bare.ID } })).toBe(
        'Device NEW-0002 needs an application and a user before it gets a licence.',
      );
      expect(await refusal('deviceDevicesApplication', { MID: 'NEW-0002', newUserID: 999 })).toBe(
        `User 999 does not exist in project “Demo”.`,
      );
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect(await refusal('deviceForEdit', { ID: 1001 })).toBe(
      `El dispositivo con ID 1001 no existe en el proyecto «Demo».`,
    );
  });
});
