import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, createProject, demoProject, insertDevices } from '../support/devices';
import { demoCompany } from '../support/projects';

let t: TestApp;
let admin: string;
let superadmin: string;
let usuario: string;
let companyId: number;
let local: { id: number };
let foreign: { companyId: number; environment: number; token: string };

const REMOTE = {
  urlManager: 'https://remoto.example:8443/',
  urlAuthority: 'https://remoto.example:8443/oidc',
};

async function addUser(
  login: string,
  values: { role?: string; rights?: string; language?: string; company?: number | null } = {},
) {
  await t.database.db
    .insertInto('core.users')
    .values({
      company_id: values.company === undefined ? companyId : values.company,
      login,
      email: `${login}@demo.flota.local`,
      password_hash: 'not-a-hash',
      role: values.role ?? 'USER',
      rights: values.rights ?? 'USUARIO',
      language: values.language ?? 'es',
    })
    .execute();
  return t.tokenFor(login);
}

async function environmentNames(company = companyId) {
  const rows = await t.database.db
    .selectFrom('core.environments')
    .select('name')
    .where('company_id', '=', company)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.name);
}

const ok = async (operation: string, parameter: unknown, token = admin) => {
  const { body } = await t.call(operation, parameter, token);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
};

/** The version an environment is at now: an edit sends the one it read (the engine's). */
async function versionOf(id: number) {
  const row = await t.database.db
    .selectFrom('core.environments')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.version ?? 1;
}

/** modifyEnvironment's parameter: the changes with the environment's current version. */
const edit = async (parameter: { id: number | string } & Record<string, unknown>) => ({
  ...parameter,
  version: await versionOf(Number(parameter.id)),
});

/** The refusal's description; asserts it is a business refusal ('-1'). */
const refused = async (operation: string, parameter: unknown, token = admin) => {
  const { status, body } = await t.call(operation, parameter, token);
  expect(status).toBe(200);
  expect(body.error.code).toBe('-1');
  return body.error.description as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  superadmin = await t.tokenFor('superadmin');
  usuario = await t.tokenFor('usuario');
  companyId = await demoCompany(db);
  local = await db
    .selectFrom('core.environments')
    .select('id')
    .where('name', '=', 'Local')
    .executeTakeFirstOrThrow();
  const demo = await demoProject(db);
  await insertDevices(db, demo.schema, 5);
  await sql`UPDATE ${sql.id(demo.schema, 'devices')} SET "LIC" = 'L' WHERE "MID" IN ('DEV-1', 'DEV-2', 'DEV-3')`.execute(
    db,
  );
  const other = await createOtherCompany(db, 'ajeno-admin');
  // The support helper puts its project in the first environment (Demo's): move it to its own.
  const environment = await db
    .insertInto('core.environments')
    .values({
      company_id: other.companyId,
      name: 'Suyo',
      url_manager: t.config.PUBLIC_URL,
      url_authority: t.config.issuer,
      system: true,
      max_licences: 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('core.projects')
    .set({ environment_id: environment.id })
    .where('numero', '=', other.numero)
    .execute();
  foreign = {
    companyId: other.companyId,
    environment: environment.id,
    token: await t.tokenFor('ajeno-admin'),
  };
});
afterAll(() => t.close());

describe('environments', () => {
  it("lists the company's environments with their licence gauges", async () => {
    const page = await ok('environments', {});
    expect(page).toEqual({
      total: 1,
      recordsTotal: 1,
      data: [
        {
          id: local.id,
          title: 'Local',
          address: 'http://127.0.0.1:8089',
          authority: 'http://127.0.0.1:8089/oidc',
          port: 8089,
          system: true,
          external: false,
          maxLicences: 1000,
          assignedLicences: 200,
          usedLicences: 3,
          freeLicences: 800,
          projects: 1,
          datemask: 'dd/mm/yyyy',
          version: 1,
          updatedAt: expect.any(String),
          graph: [
            { id: 'assigned', title: 'assigned', current: 200, max: 1000 },
            { id: 'used', title: 'used', current: 3, max: 1000 },
            { id: 'free', title: 'free', current: 800, max: 1000 },
          ],
        },
      ],
    });
    // Any user of a subscribed company sees them; another company sees only its own.
    expect((await ok('environments', {}, usuario)).total).toBe(1);
    const theirs = await ok('environments', {}, foreign.token);
    expect(theirs.data.map((row: { title: string }) => row.title)).toEqual(['Suyo']);
  });

  it('shows none to a FREE user or a user without a company or subscription', async () => {
    expect(await ok('environments', {}, await addUser('gratis', { role: 'FREE' }))).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
    });
    expect(await ok('environments', {}, await addUser('suelto', { company: null }))).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
    });
    const { id } = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Sin plan', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unsubscribed = await addUser('sinplan', {
      company: id,
      rights: 'ADMINISTRADOR',
      role: 'ADMIN',
    });
    expect((await ok('environments', {}, unsubscribed)).total).toBe(0);
    expect(await refused('createEnvironment', { name: 'X', ...REMOTE }, unsubscribed)).toBe(
      'Necesita una empresa con suscripción para trabajar con entornos.',
    );
  });

  it('creates an external environment, and a system one when the provider is this server', async () => {
    const remote = await ok('createEnvironment', {
      name: '  Remoto ',
      ...REMOTE,
      maxLicences: '50',
      datemask: 'yyyy-mm-dd',
    });
    expect(remote).toMatchObject({
      title: 'Remoto',
      address: 'https://remoto.example:8443',
      authority: 'https://remoto.example:8443/oidc',
      port: 8443,
      system: false,
      external: true,
      maxLicences: 50,
      assignedLicences: 0,
      freeLicences: 50,
      projects: 0,
      datemask: 'yyyy-mm-dd',
    });
    const second = await ok('createEnvironment', {
      name: 'Segundo',
      urlManager: 'http://127.0.0.1:8089',
      urlAuthority: 'http://127.0.0.1:8089/oidc/',
    });
    expect(second).toMatchObject({
      system: true,
      maxLicences: 0,
      port: 8089,
      datemask: 'dd/mm/yyyy',
    });
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'environment_created')
      .execute();
    expect(logged).toHaveLength(2);
    expect(await environmentNames()).toEqual(['Local', 'Remoto', 'Segundo']);
  });

  it('gives licences to a system environment only through the top administrator', async () => {
    const parameter = {
      name: 'Con licencias',
      urlManager: t.config.PUBLIC_URL,
      urlAuthority: t.config.issuer,
      maxLicences: 10,
    };
    expect(await refused('createEnvironment', parameter)).toBe(
      'Solo el administrador general asigna licencias a un entorno de sistema: créelo con 0 licencias.',
    );
    const made = await ok('createEnvironment', parameter, superadmin);
    expect(made).toMatchObject({ system: true, maxLicences: 10 });
    await ok('deleteEnvironment', { id: made.id });
  });

  it('pages, sorts and filters the list in SQL', async () => {
    const titles = (page: { data: { title: string }[] }) => page.data.map((row) => row.title);
    expect(
      titles(
        await ok('environments', {
          datatable: { start: 0, length: 2, orderBy: 'name', orderDir: 'desc' },
        }),
      ),
    ).toEqual(['Segundo', 'Remoto']);
    const byId = await ok('environments', { datatable: { start: 1, length: 10, orderBy: 'id' } });
    expect(byId.total).toBe(3);
    expect(titles(byId)).toEqual(['Remoto', 'Segundo']);
    expect(titles(await ok('environments', { filter: { q: 'REMOTO.example' } }))).toEqual([
      'Remoto',
    ]);
    expect(titles(await ok('environments', { filter: { q: '%' } }))).toEqual([]);
    expect(
      await refused('environments', {
        datatable: { start: 0, length: 10, orderBy: 'url_manager' },
      }),
    ).toMatch(/^No se puede ordenar por «url_manager»: esta lista se ordena por title, /);
  });

  it('refuses bad input with a clear description and writes nothing', async () => {
    const before = await environmentNames();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', ...REMOTE }, 'El campo Nombre es obligatorio.'],
      [{ name: 'x'.repeat(101), ...REMOTE }, 'El campo Nombre admite como mucho 100 caracteres.'],
      [{ name: 'LOCAL', ...REMOTE }, 'Ya existe un entorno llamado «LOCAL» en su empresa.'],
      [
        { name: 'Malo', ...REMOTE, urlManager: 'no es una url' },
        'El campo Dirección del servidor debe ser una dirección http o https.',
      ],
      [
        { name: 'Malo', ...REMOTE, urlManager: 'ftp://remoto.example' },
        'El campo Dirección del servidor debe ser una dirección http o https.',
      ],
      [
        { name: 'Malo', ...REMOTE, urlManager: 'https://remoto.example/?a=1' },
        'La dirección del servidor',
      ],
      [
        { name: 'Malo', ...REMOTE, urlManager: 'https://yo:clave@remoto.example' },
        'La dirección del servidor',
      ],
      [
        { name: 'Malo', ...REMOTE, urlAuthority: 'remoto' },
        'El campo Proveedor de identidad debe ser una dirección http o https.',
      ],
      [
        { name: 'Malo', ...REMOTE, maxLicences: -5 },
        'El campo Licencias máximas debe ser como mínimo 0.',
      ],
      [
        { name: 'Malo', ...REMOTE, maxLicences: 'muchas' },
        'El campo Licencias máximas debe ser un número.',
      ],
      [
        { name: 'Malo', ...REMOTE, maxLicences: 2.5 },
        'El campo Licencias máximas debe ser un número entero.',
      ],
      [
        { name: 'Malo', ...REMOTE, datemask: 'dd/mm' },
        'El campo Formato de fecha no tiene el formato esperado: combina dd, mm y yyyy (o yy) con un separador, como dd/mm/yyyy.',
      ],
      [
        { name: 'Malo', ...REMOTE, datemask: 'dd/dd/yyyy' },
        'La máscara de fecha combina dd, mm y yyyy',
      ],
    ];
    for (const [parameter, description] of cases) {
      expect(await refused('createEnvironment', parameter)).toContain(description);
    }
    expect(await refused('createEnvironment', { name: 5, ...REMOTE })).toBe(
      'El campo Nombre debe ser un texto.',
    );
    expect(await environmentNames()).toEqual(before);
  });

  it('answers in English to a user whose language is English', async () => {
    const english = await addUser('admin-en', {
      role: 'ADMIN',
      rights: 'ADMINISTRADOR',
      language: 'en',
    });
    expect(await refused('createEnvironment', { name: '', ...REMOTE }, english)).toBe(
      'Name is required.',
    );
    expect(await refused('createEnvironment', { name: 'local', ...REMOTE }, english)).toBe(
      'Your company already has an environment called "local".',
    );
  });

  it('lets only administrators create, modify and delete', async () => {
    const remote = (await ok('environments', { filter: { q: 'Remoto' } })).data[0];
    for (const [operation, parameter] of [
      ['createEnvironment', { name: 'Mío', ...REMOTE }],
      ['modifyEnvironment', { id: remote.id, name: 'Mío' }],
      ['deleteEnvironment', { id: remote.id }],
      ['getServerLicence', { environment: remote.id }],
    ] as const) {
      const { status, body } = await t.call(operation, parameter, usuario);
      expect(status).toBe(403);
      expect(body.error).toEqual({
        code: '403',
        description: 'Su usuario no tiene permiso para esta acción.',
      });
    }
    expect(await environmentNames()).toEqual(['Local', 'Remoto', 'Segundo']);
  });

  it("refuses another company's environment as not existing", async () => {
    const description = `El entorno ${foreign.environment} no existe o no pertenece a su empresa.`;
    // The engine's own words for a record of another company: as if it did not exist.
    const missing = `Entorno ${foreign.environment} no existe.`;
    expect(
      await refused('modifyEnvironment', await edit({ id: foreign.environment, name: 'Mío' })),
    ).toBe(missing);
    expect(await refused('deleteEnvironment', { id: foreign.environment })).toBe(missing);
    expect(await refused('getServerLicence', { environment: foreign.environment })).toBe(
      description,
    );
    expect(await refused('environmentProjects', { environment: foreign.environment })).toBe(
      description,
    );
    expect(
      await refused(
        'setServerLicence',
        { environment: foreign.environment, ServerLic: 5 },
        superadmin,
      ),
    ).toBe(description);
    expect(await environmentNames(foreign.companyId)).toEqual(['Suyo']);
  });

  it('modifies the name, addresses and date mask', async () => {
    const remote = (await ok('environments', { filter: { q: 'Remoto' } })).data[0];
    const changed = await ok(
      'modifyEnvironment',
      await edit({
        id: String(remote.id),
        name: 'Remoto Norte',
        urlManager: 'https://norte.example',
        urlAuthority: 'https://norte.example/oidc',
        datemask: 'mm.dd.yy',
      }),
    );
    expect(changed).toMatchObject({
      id: remote.id,
      title: 'Remoto Norte',
      address: 'https://norte.example',
      port: 443,
      external: true,
      maxLicences: 50,
      datemask: 'mm.dd.yy',
    });
    expect(await refused('modifyEnvironment', await edit({ id: remote.id, name: 'segundo' }))).toBe(
      'Ya existe un entorno llamado «segundo» en su empresa.',
    );
    expect(
      await refused('modifyEnvironment', await edit({ id: remote.id, urlManager: 'nada' })),
    ).toBe('El campo Dirección del servidor debe ser una dirección http o https.');
    expect(await refused('modifyEnvironment', await edit({ id: 999999, name: 'X' }))).toBe(
      'Entorno 999999 no existe.',
    );
    // An edit carries the version it read; a stale one is refused, naming both.
    expect(await refused('modifyEnvironment', { id: remote.id, name: 'Otro', version: 1 })).toBe(
      'Entorno «Remoto Norte» ha cambiado desde que lo abrió (versión 2, no 1): vuelva a abrirlo para ver los cambios y guarde de nuevo.',
    );
    expect((await ok('environments', { filter: { q: 'Norte' } })).data[0].title).toBe(
      'Remoto Norte',
    );
  });

  it('keeps the kind of an environment with projects, and one system environment', async () => {
    expect(await refused('modifyEnvironment', await edit({ id: local.id, ...REMOTE }))).toBe(
      'El entorno «Local» tiene proyectos: no puede pasar de sistema a externo ni de externo a sistema.',
    );
    expect(
      await refused(
        'modifyEnvironment',
        await edit({ id: foreign.environment, ...REMOTE }),
        foreign.token,
      ),
    ).toBe(
      'El entorno «Suyo» tiene proyectos: no puede pasar de sistema a externo ni de externo a sistema.',
    );
    // The other company's only system environment, emptied: neither deleted nor made external.
    const { db } = t.database;
    const empty = await db
      .insertInto('core.environments')
      .values({
        company_id: foreign.companyId,
        name: 'Vacío',
        url_manager: 'https://x.example',
        url_authority: 'https://x.example/oidc',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('core.projects')
      .set({ environment_id: empty.id })
      .where('company_id', '=', foreign.companyId)
      .execute();
    expect(await refused('deleteEnvironment', { id: foreign.environment }, foreign.token)).toBe(
      'El entorno «Suyo» es el último entorno de sistema de su empresa: no se puede borrar ni convertir en externo.',
    );
    // The console offers no delete on a system environment (ENVIRONMENTS.undeletable); the
    // REST API or an older console is refused in the caller's language.
    const english = await addUser('ajeno-en', {
      role: 'ADMIN',
      rights: 'ADMINISTRADOR',
      language: 'en',
      company: foreign.companyId,
    });
    expect(await refused('deleteEnvironment', { id: foreign.environment }, english)).toBe(
      'Environment "Suyo" is the last system environment of your company: it cannot be deleted or made external.',
    );
    expect(
      await refused(
        'modifyEnvironment',
        await edit({ id: foreign.environment, ...REMOTE }),
        foreign.token,
      ),
    ).toContain('es el último entorno de sistema');
    // An external environment made system by an administrator starts without licences.
    const remote = (await ok('environments', { filter: { q: 'Norte' } })).data[0];
    const system = await ok(
      'modifyEnvironment',
      await edit({ id: remote.id, urlAuthority: t.config.issuer }),
    );
    expect(system).toMatchObject({ system: true, external: false, maxLicences: 0 });
    const back = await ok(
      'modifyEnvironment',
      await edit({
        id: remote.id,
        urlAuthority: 'https://norte.example/oidc',
      }),
    );
    expect(back).toMatchObject({ system: false });
  });

  it('refuses to delete an environment that holds projects, marked deleted ones too', async () => {
    expect(await refused('deleteEnvironment', { id: local.id })).toBe(
      'El entorno «Local» tiene 1 proyectos (los marcados para borrar cuentan hasta que se purgan): no se puede borrar.',
    );
    const segundo = (await ok('environments', { filter: { q: 'Segundo' } })).data[0];
    const { db } = t.database;
    const project = await createProject(db, {
      companyId,
      ownerLogin: 'admin',
      name: 'En Segundo',
      licences: 0,
    });
    await db
      .updateTable('core.projects')
      .set({ environment_id: segundo.id, deleted: true, datedeleted: new Date() })
      .where('numero', '=', project.numero)
      .execute();
    expect(await refused('deleteEnvironment', { id: segundo.id })).toContain('tiene 1 proyectos');
    await db.deleteFrom('core.projects').where('numero', '=', project.numero).execute();
    expect(await ok('deleteEnvironment', { id: segundo.id })).toMatchObject({
      id: segundo.id,
      title: 'Segundo',
    });
    expect(await environmentNames()).toEqual(['Local', 'Remoto Norte']);
    const logged = await db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'environment_deleted')
      .execute();
    expect(logged.map((row) => (row.detail as { name: string }).name)).toContain('Segundo');
  });

  it("stops at the tier's number of environments, even when created at once", async () => {
    // FLOTA_PRO allows 5: Local and Remoto Norte exist.
    const made = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) =>
        t.call('createEnvironment', { name: `Extra ${name}`, ...REMOTE }, admin),
      ),
    );
    const codes = made.map((response) => response.body.error.code).sort();
    expect(codes).toEqual(['-1', '-1', '0', '0', '0']);
    expect(made.find((response) => response.body.error.code === '-1')?.body.error.description).toBe(
      'Su suscripción admite 5 entornos y ya los tiene todos.',
    );
    expect(await environmentNames()).toHaveLength(5);
    for (const response of made.filter((r) => r.body.error.code === '0')) {
      await ok('deleteEnvironment', { id: response.body.result.id });
    }
  });

  it('creates one of two environments given the same name at once', async () => {
    const both = await Promise.all(
      [admin, superadmin].map((token) =>
        t.call('createEnvironment', { name: 'Gemelo', ...REMOTE }, token),
      ),
    );
    const codes = both.map((response) => response.body.error.code).sort();
    expect(codes).toEqual(['-1', '0']);
    expect(both.find((r) => r.body.error.code === '-1')?.body.error.description).toBe(
      'Ya existe un entorno llamado «Gemelo» en su empresa.',
    );
  });
});

describe('what the engine gives the environments (a mapped table)', () => {
  it('keeps a revision of each change, and serves a custom field', async () => {
    const made = await ok('createEnvironment', { name: 'Con historia', ...REMOTE });
    const edited = await ok('environmentsEdit', {
      id: made.id,
      version: made.version,
      title: 'Con historia 2',
    });
    expect(edited).toMatchObject({ title: 'Con historia 2', version: 2, external: true });
    const history = await ok('revisions', {
      filter: { resource: 'environments', record: String(made.id) },
    });
    expect(history.data.map((r: { action: string }) => r.action)).toEqual(['edit', 'create']);
    expect(history.data[0]).toMatchObject({
      before: { title: 'Con historia', version: 1 },
      after: { title: 'Con historia 2', version: 2 },
    });

    await ok('createCustomField', {
      resource: 'environments',
      name: 'region',
      type: 'text',
      label: { es: 'Región', en: 'Region' },
      maxLength: 20,
    });
    const withRegion = await ok('environmentsEdit', {
      id: made.id,
      version: 2,
      region: 'Norte',
    });
    expect(withRegion).toMatchObject({ region: 'Norte', version: 3 });
    const found = await ok('environments', { filter: { region: 'Nor' } });
    expect(found.data.map((row: { title: string }) => row.title)).toEqual(['Con historia 2']);
    expect(
      await refused('environmentsEdit', { id: made.id, version: 3, region: 'x'.repeat(21) }),
    ).toBe('El campo Región admite como mucho 20 caracteres.');
    await ok('deleteEnvironment', { id: made.id });
  });
});

describe('environmentProjects', () => {
  it("lists the environment's projects the caller can reach, with its pool", async () => {
    const { db } = t.database;
    const own = await createProject(db, {
      companyId,
      ownerLogin: 'usuario',
      name: 'de usuario',
      licences: 5,
    });
    const gone = await createProject(db, {
      companyId,
      ownerLogin: 'admin',
      name: 'Borrado',
      licences: 7,
    });
    await db
      .updateTable('core.projects')
      .set({ deleted: true, datedeleted: new Date() })
      .where('numero', '=', gone.numero)
      .execute();
    const all = await ok('environmentProjects', { environment: local.id });
    expect(all.data.map((row: { name: string }) => row.name)).toEqual([
      'Borrado',
      'de usuario',
      'Demo',
    ]);
    expect(all.total).toBe(3);
    expect(all.pool).toEqual({ max: 1000, assigned: 212, used: 3, free: 788 });
    const demo = all.data.find((row: { name: string }) => row.name === 'Demo');
    expect(demo).toMatchObject({
      owner: true,
      licences: 200,
      licensesInUse: 3,
      deleted: false,
      username: 'admin',
    });
    expect(all.data[0]).toMatchObject({ deleted: true, name: 'Borrado' });

    const live = await ok('environmentProjects', {
      environment: local.id,
      filter: { deleted: false },
    });
    expect(live.data.map((row: { name: string }) => row.name)).toEqual(['de usuario', 'Demo']);
    const deleted = await ok('environmentProjects', {
      environment: local.id,
      filter: { deleted: true },
    });
    expect(deleted.data.map((row: { numero: number }) => row.numero)).toEqual([gone.numero]);
    const byName = await ok('environmentProjects', {
      environment: local.id,
      filter: { q: 'USUARIO' },
    });
    expect(byName.data.map((row: { numero: number }) => row.numero)).toEqual([own.numero]);
    // A number matches the project of that number (and names or database names holding it).
    const byNumber = await ok('environmentProjects', {
      environment: local.id,
      filter: { q: String(own.numero) },
    });
    expect(byNumber.data.map((row: { numero: number }) => row.numero)).toContain(own.numero);
    const page = await ok('environmentProjects', {
      environment: local.id,
      datatable: { start: 0, length: 1, orderBy: 'licences', orderDir: 'desc' },
    });
    expect(page).toMatchObject({ total: 3, data: [{ name: 'Demo' }] });

    // An ordinary user sees their own projects (and those shared with them), not the others.
    const mine = await ok('environmentProjects', { environment: local.id }, usuario);
    const names = mine.data.map((row: { name: string }) => row.name);
    expect(names).toContain('de usuario');
    expect(names).not.toContain('Borrado');
    expect(mine.total).toBe(names.length);
    await db.deleteFrom('core.projects').where('numero', 'in', [own.numero, gone.numero]).execute();
  });
});
