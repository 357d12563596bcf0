import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/app';
import { demoProject, insertDevices, type TestProject } from '../../support/devices';
import { demoCompany, ok, refused } from '../../support/projects';

/**
 * Conformance (issue 38): the calls the specification names that were not ours, called with the
 * specification's shapes (000 §3/§7, 001 §7, 002 §3/§5/§7), their envelope and field names.
 */
let t: TestApp;
let admin: string;
let usuario: string;
let superadmin: string;
let companyId: number;
let demo: TestProject;
let demoPid: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  superadmin = await t.tokenFor('superadmin');
  companyId = await demoCompany(t.database.db);
  demo = await demoProject(t.database.db);
  await insertDevices(t.database.db, demo.schema, 3);
  const row = await t.database.db
    .selectFrom('core.projects')
    .select('pid')
    .where('numero', '=', demo.numero)
    .executeTakeFirstOrThrow();
  demoPid = row.pid;
});

afterAll(() => t.close());

describe('aliases of our operations', () => {
  it('deviceUpdate saves a device as saveDevice does (device as filter JSON too)', async () => {
    const devices = await ok(t, 'devices', { database: demo.numero }, admin);
    const first = (devices.data ?? devices)[0];
    const saved = await ok(
      t,
      'deviceUpdate',
      { database: demo.numero, filter: JSON.stringify({ ID: first.ID, OWNER: 'Conformidad' }) },
      admin,
    );
    expect(saved).toBeTruthy();
    const edit = await ok(t, 'deviceForEdit', { database: demo.numero, id: first.ID }, admin);
    expect(edit.OWNER).toBe('Conformidad');
    // A refusal is the target's, in its words: no device is no parameter.
    const { body } = await t.call('deviceUpdate', { database: demo.numero }, admin);
    expect(body.error.code).toBe('-1');
    expect(body.error.description).toMatch(/device/);
  });

  it('kioskProfiles lists kiosk projects only', async () => {
    const profiles = await ok(t, 'kioskProfiles', {}, admin);
    for (const row of profiles.data) expect(row.projectType).toBe('kiosk');
  });

  it('an alias is gated as its target: an ordinary user without the project is refused', async () => {
    const { status } = await t.call('deviceUpdate', { database: 999999, device: {} }, usuario);
    expect([200, 403]).toContain(status);
  });
});

describe('manager API calls that were missing', () => {
  it('get available users {idCIA, role}: the company’s own, for administrators', async () => {
    const room = await ok(t, 'getAvailableUsers', { idCIA: companyId, role: 'USUARIO' }, admin);
    expect(room).toMatchObject({ idCIA: companyId, role: 'USUARIO', used: expect.any(Number) });
    expect(typeof room.available).toBe('boolean');
    expect((await t.call('getAvailableUsers', { idCIA: companyId }, usuario)).status).toBe(403);
  });

  it('send message (msg) reaches the administrators’ notifications', async () => {
    const sent = await ok(t, 'sendMessage', { msg: 'Hola, equipo' }, usuario);
    expect(sent.sent).toBeGreaterThan(0);
    const notes = await ok(t, 'notifications', {}, admin);
    expect(notes.data[0]).toMatchObject({ title: 'Mensaje de usuario', body: 'Hola, equipo' });
  });

  it('get database id (projectID) answers the project’s number', async () => {
    expect(await ok(t, 'getDatabaseId', { projectID: demoPid }, admin)).toBe(demo.numero);
  });

  it('number of projects and customs; the EMM flag on for the demo', async () => {
    const counts = await ok(t, 'numberOfProjects', {}, admin);
    expect(counts.projects).toBeGreaterThanOrEqual(1);
    expect(await ok(t, 'emmEnabled', {}, admin)).toEqual({ enabled: true });
  });

  it('config (type, language) and the kiosk URLs', async () => {
    const identity = await ok(t, 'config', { type: 'identity', language: 'en' }, admin);
    expect(identity).toMatchObject({ type: 'identity', language: 'en' });
    expect(identity.values).toMatchObject({
      authority: t.config.issuer,
      client_id: expect.any(String),
    });
    expect(await refused(t, 'config', { type: 'nada', language: 'en' }, admin)).toBe(
      'There is no configuration of type “nada”. Types: identity, console, devices.',
    );
    const server = await ok(t, 'kioskServer', {}, admin);
    expect(server).toBe(`${t.config.PUBLIC_URL}/api/device/v1`);
    expect(await ok(t, 'logRecorderUrl', {}, admin)).toBe(`${server}/files`);
    expect(await ok(t, 'directDownloadUrl', {}, admin)).toBe(`${server}/updates`);
  });

  it('environments by company (idCIA), where a project is (includeoffline), by enterprise', async () => {
    const byCompany = await ok(t, 'environmentsByCompany', { idCIA: companyId }, admin);
    expect(byCompany.total).toBeGreaterThanOrEqual(1);
    expect(byCompany.data[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
    expect(await refused(t, 'environmentsByCompany', { idCIA: companyId + 1000 }, admin)).toBe(
      'Solo puede consultar los datos de su propia empresa.',
    );
    const other = await ok(t, 'environmentsByCompany', { idCIA: String(companyId) }, superadmin);
    expect(other.total).toBe(byCompany.total);
    const withProject = await ok(t, 'environmentsWithProject', { includeoffline: false }, admin);
    expect(withProject.data.every((row: { system: boolean }) => row.system)).toBe(true);
    expect(withProject.total).toBeGreaterThanOrEqual(1);
    const byEnterprise = await ok(
      t,
      'environmentsByEnterprise',
      { projectID: demoPid, idCIA: companyId },
      admin,
    );
    expect(byEnterprise.total).toBe(1);
  });

  it('users of an environment', async () => {
    const environment = (await ok(t, 'environmentsByCompany', {}, admin)).data[0];
    const page = await ok(t, 'environmentUsers', { id: environment.id }, admin);
    expect(page).toMatchObject({ total: expect.any(Number), data: expect.any(Array) });
    for (const row of page.data)
      expect(Object.keys(row).sort()).toEqual(['email', 'enabled', 'idusr', 'role', 'username']);
  });
});

describe('identity clients (002 §3 Client: dbid, pid, clientid, pwd, type)', () => {
  it('get unique name (pid), then create a client bound to the project with it', async () => {
    const { name } = await ok(t, 'getUniqueName', { pid: demoPid }, admin);
    expect(name).toMatch(/^[a-z0-9.-]{3,}$/);
    const created = await ok(
      t,
      'createClient',
      { dbid: demo.numero, pid: demoPid, clientid: name, pwd: 'una-clave-larga-1', type: 'api' },
      admin,
    );
    expect(created).toMatchObject({ clientid: name, dbid: demo.numero, pwd: 'una-clave-larga-1' });
    const list = await ok(t, 'clients', {}, admin);
    expect(list.data.find((c: { clientid: string }) => c.clientid === name)).toMatchObject({
      dbid: demo.numero,
      pid: demoPid,
    });
    expect((await ok(t, 'getUniqueName', { pid: demoPid }, admin)).name).toBe(`${name}-2`);
    expect(
      await refused(
        t,
        'createClient',
        { clientid: name, pwd: 'otra-clave-larga', type: 'api' },
        admin,
      ),
    ).toBe(`Ya existe un cliente con el identificador «${name}».`);
    expect(
      await refused(
        t,
        'createClient',
        { dbid: 999999, clientid: 'sin-proyecto', type: 'api' },
        admin,
      ),
    ).toBe('El proyecto 999999 no existe o no tiene acceso a él.');
    // Generated ones are kept too.
    const generated = await ok(t, 'createClient', { name: 'Generado', type: 'api' }, admin);
    expect(generated.clientid).toMatch(/^flota-api-/);
    expect(generated.dbid).toBeNull();
  });
});

describe('companies and users (002 §5, §7; 001 §3)', () => {
  it('create company with Name, Web, Address, Phone in one call', async () => {
    const company = await ok(
      t,
      'createCompany',
      {
        Name: 'Conforme SL',
        Web: 'https://conforme.example',
        Address: 'Calle 1',
        Phone: '+34 600 000 000',
      },
      superadmin,
    );
    expect(company).toMatchObject({
      name: 'Conforme SL',
      web: 'https://conforme.example',
      address: 'Calle 1',
      phone: '+34 600 000 000',
    });
    const bad = await refused(t, 'createCompany', { Name: 'Otra SL', Phone: 'abc' }, superadmin);
    expect(bad).toMatch(/Teléfono/);
  });

  it('the user list answers username, role, enabled; update keeps the e-mail', async () => {
    const list = await ok(t, 'companyUsers', {}, admin);
    const row = list.data.find((u: { login: string }) => u.login === 'usuario');
    expect(row).toMatchObject({ username: 'usuario', role: 'USUARIO', enabled: true });
    await ok(
      t,
      'updateUser',
      { idusr: row.id, username: 'usuario', email: '', pwd: '', role: 'USUARIO', twofactor: false },
      admin,
    );
    const after = await ok(t, 'companyUser', { idusr: row.id }, admin);
    expect(after.email).toBe(row.email);
  });
});

describe('the organization menu entry (issue 38)', () => {
  it('is hidden while the company has no subscription', async () => {
    const ids = async () =>
      (await ok(t, 'menu', {}, usuario)).entries.map((entry: { id: string }) => entry.id);
    expect(await ids()).toContain('organization');
    const { db } = t.database;
    const before = await db
      .selectFrom('core.companies')
      .select('tier')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('core.companies')
      .set({ tier: null })
      .where('id', '=', companyId)
      .execute();
    try {
      expect(await ids()).not.toContain('organization');
    } finally {
      await db
        .updateTable('core.companies')
        .set({ tier: before.tier })
        .where('id', '=', companyId)
        .execute();
    }
  });
});

describe('projects (000 §3 Database, §7 project conversion)', () => {
  it('the project entry carries licensesbyBD, hasGroups, platforms, groups', async () => {
    const recents = await ok(t, 'recents', {}, admin);
    const entry = recents.data.find((p: { numero: number }) => p.numero === demo.numero);
    expect(entry.licensesbyBD).toEqual({
      database: demo.numero,
      usageLicenses: entry.licensesInUse,
      maxLicenses: entry.licences,
    });
    expect(typeof entry.hasGroups).toBe('boolean');
    expect(entry.hasGroups).toBe(entry.groups.length > 0);
    expect(entry.platforms.length).toBeGreaterThan(0);
    expect(entry.platforms[0]).toEqual({ id: expect.any(Number), platform: expect.any(String) });
  });

  it('createProject takes projectid, useReplica, createBD', async () => {
    const environment = (await ok(t, 'environmentsByCompany', {}, admin)).data.find(
      (e: { system: boolean }) => e.system,
    );
    const created = await ok(
      t,
      'createProject',
      {
        projectname: 'Convertido',
        databasename: 'convertido',
        ldata: 'CREATE TABLE clientes (id int);',
        license: environment.id,
        numlic: 0,
        hasGenerateLDATA: true,
        projectid: 'studio-proyecto-42',
        useReplica: false,
        createBD: false,
      },
      admin,
    );
    expect(created).toMatchObject({ pid: 'studio-proyecto-42', failed: [] });
    const config = await ok(t, 'getDBconfig', { database: created.numero }, admin);
    const rows = config.data ?? config;
    expect(rows.find((r: { KEYNAME: string }) => r.KEYNAME === 'USE_REPLICA')).toMatchObject({
      KEYVALUE: 'false',
    });
    const tables = await ok(t, 'tables', { database: created.numero }, admin);
    expect(JSON.stringify(tables)).not.toContain('clientes');
    expect(
      await refused(
        t,
        'createProject',
        {
          projectname: 'Otro',
          databasename: 'otro',
          license: environment.id,
          projectid: 'studio-proyecto-42',
        },
        admin,
      ),
    ).toBe('Ya existe un proyecto con el identificador «studio-proyecto-42».');
  });
});

describe('the catalogue’s calls served in session 21 (their effects)', () => {
  it('updateAccess keeps the tree that getAccessCloud and admusers getaccessJSON read', async () => {
    const userId = (await ok(t, 'companyUsers', {}, admin)).data.find(
      (u: { login: string }) => u.login === 'usuario',
    ).id;
    const before = await ok(t, 'getAccessCloud', { Idsuser: userId }, admin);
    await ok(
      t,
      'updateAccess',
      { Idsuser: String(userId), UserName: '', Permissions: '[]' },
      admin,
    );
    const after = await ok(t, 'getAccessCloud', { Idsuser: userId }, admin);
    expect(after.environments).toEqual(before.environments);
    expect(await ok(t, 'admusers', { oper: 'getaccessJSON', userid: userId }, admin)).toEqual(
      after,
    );
    expect(
      (await t.call('updateAccess', { Idsuser: userId, Permissions: [] }, usuario)).status,
    ).toBe(403);
  });

  it('generateAccessProjects gives read-only access that userProjects lists as a share', async () => {
    const { id } = await ok(
      t,
      'createUser',
      { username: 'lector', email: 'lector@example.com', role: 'USUARIO', pwd: 'clave-de-prueba' },
      admin,
    );
    const written = await ok(
      t,
      'generateAccessProjects',
      { lstDB: [demo.numero], usereditID: id },
      admin,
    );
    expect(written).toEqual({ usereditID: id, written: [demo.numero] });
    const again = await ok(
      t,
      'generateAccessProjects',
      { lstDB: [demo.numero], usereditID: id },
      admin,
    );
    expect(again.written).toEqual([]);
    const page = await ok(t, 'userProjects', { idsuseredit: id }, admin);
    const row = page.data.find((p: { numero: number }) => p.numero === demo.numero);
    expect(row.role).toBe('shared');
    expect(JSON.stringify(row.access)).not.toContain('"write":true');
  });

  it('createUserInAdmin creates in the chosen enterprise (top administrator only)', async () => {
    const created = await ok(
      t,
      'createUserInAdmin',
      {
        emailFromEnterprisesel: 'ADMIN@demo.flota.local',
        username: 'desdeadmin',
        email: 'desdeadmin@example.com',
        pwd: 'clave-de-prueba',
        role: 'USUARIO',
      },
      superadmin,
    );
    const user = await ok(t, 'companyUser', { idusr: created.id }, admin);
    expect(user.login).toBe('desdeadmin');
    const { status } = await t.call('createUserInAdmin', { emailFromEnterprisesel: 'x' }, admin);
    expect(status).toBe(403);
  });

  it('deleteExtraFiles {filename, path} deletes a file of the project', async () => {
    await ok(
      t,
      'uploadProjectFile',
      { database: demo.numero, folder: 'extra', name: 'borrar.txt', file: 'aG9sYQ==' },
      admin,
    );
    await ok(
      t,
      'deleteExtraFiles',
      { database: demo.numero, filename: 'borrar.txt', path: 'extra/' },
      admin,
    );
    const files = await ok(
      t,
      'projectFiles',
      { database: demo.numero, filter: { folder: 'extra' } },
      admin,
    );
    expect(files.total).toBe(0);
  });

  it('version, host type, kiosk id, studio projects, models', async () => {
    const { version } = await ok(t, 'version', {}, admin);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await ok(t, 'hostType', {}, admin)).toEqual({ flavour: t.config.FLAVOUR });
    expect(await ok(t, 'kioskId', {}, admin)).toMatchObject({ id: companyId, Idksk: companyId });
    const studio = await ok(t, 'allProjectsFromStudio', {}, usuario);
    expect(studio.hasError).toBe(false);
    for (const project of studio.data.recents) expect(project.owner).toBe(true);
    const models = await ok(t, 'models', { projectid: demoPid, IdEnv: 1 }, admin);
    expect(models.database).toBe(demo.numero);
    expect(models.platforms[0]).toMatchObject({
      platform: expect.any(String),
      models: expect.any(Array),
    });
  });

  it('the simple kiosk endpoint answers adminkiosk ListCias as the premium one', async () => {
    const call = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${admin}` },
        payload: { operation: 'adminkiosk', parameter: { oper: 'ListCias' } },
      });
    const simple = (await call('/api/kiosk/Actions')).json();
    expect(simple.error.code).toBe('0');
    expect(simple.result).toEqual((await call('/api/kioskpremium/Actions')).json().result);
  });

  it('refusals of the new calls in English too', async () => {
    const { body } = await t.app
      .inject({
        method: 'POST',
        url: '/api/services',
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
        payload: { operation: 'admusers', parameter: { oper: 'delete' } },
      })
      .then((r) => ({ body: r.json() }));
    expect(body.error).toEqual({ code: '-1', description: 'Name the user (userid).' });
  });
});
