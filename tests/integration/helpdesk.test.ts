import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { uploadFile, uploadLogs, type UploadingDevice } from '../../simulator/uploads';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany } from '../support/devices';
import { setLanguage } from '../support/language';

let t: TestApp;
let demo: DemoEnrolmentFile;
let server: string;
let adminToken: string;
let userToken: string;
let outsiderToken: string;
let first: UploadingDevice;
let second: UploadingDevice;

const NOW = new Date('2026-11-22T10:00:00.000Z');
const DATABASE_REFUSAL = 'La visualización de bases de datos todavía no está disponible.';

async function enrol(mid: string): Promise<UploadingDevice> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: {
      token: demo.token,
      mid,
      platform: 'ANDROID',
      model: 'Galaxy A54',
      owner: 'Ana Ruiz',
    },
  });
  expect(response.statusCode).toBe(200);
  return { server, mid, credential: response.json().result.credential };
}

const folderOf = (mid: string) =>
  path.join(t.config.DATA_DIR, 'helpdesk', projectSchemaName(demo.project), mid);

function listing(mid: string, token = adminToken) {
  return t.call('deviceData', { database: demo.project, mid, data: 'helpdesk' }, token);
}

function viewLog(parameter: Record<string, unknown>, token = adminToken) {
  return t.call('viewLog', { database: demo.project, mid: first.mid, ...parameter }, token);
}

function download(body: Record<string, unknown>, token: string | null = adminToken) {
  return t.app.inject({
    method: 'POST',
    url: '/api/helpdesk/download',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { database: demo.project, mid: first.mid, ...body },
  });
}

function inflate(base64: string): string {
  return zlib.inflateRawSync(Buffer.from(base64, 'base64')).toString('utf8');
}

async function postRaw(form: FormData | string, authorization?: string) {
  const response = await fetch(`${server}/api/device/v1/files`, {
    method: 'POST',
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(typeof form === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  t = await buildTestApp({ HELPDESK_MAX_UPLOAD_MB: '1' });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  server = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  adminToken = await t.tokenFor('admin');
  userToken = await t.tokenFor('usuario');
  await createOtherCompany(t.database.db, 'ajeno');
  outsiderToken = await t.tokenFor('ajeno');
  first = await enrol('helpdesk-dev-1');
  second = await enrol('helpdesk-dev-2');
});
afterAll(() => t.close());

describe('device upload', () => {
  it('stores the logs and screenshot a device uploads with its credential', async () => {
    const uploaded = await uploadLogs(first, { now: NOW, lines: 300, seed: 7 });
    expect(uploaded.map((file) => file.kind)).toEqual([
      'devicelogs',
      'errorlogs',
      'kiosklogs',
      'replica',
      'screenshots',
    ]);
    expect(uploaded[0]).toMatchObject({ name: 'device-20261122-100000.log' });
    expect(uploaded[0].size).toBeGreaterThan(1000);
    const png = fs.readFileSync(path.join(folderOf(first.mid), 'screenshots', uploaded[4].name));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await uploadFile(first, 'database', 'agent.db', Buffer.from('SQLite format 3\0...'));
    await uploadFile(second, 'devicelogs', 'other.log', 'INFO secret of device two\n');
  });

  it('refuses a forged or missing credential with 401', async () => {
    const form = new FormData();
    form.append('kind', 'devicelogs');
    form.append('file', new Blob(['x']), 'forged.log');
    const forged = await postRaw(form, deviceAuthorization(first.mid, 'f'.repeat(43)));
    expect(forged.status).toBe(401);
    expect(forged.body.error).toEqual({
      code: '401',
      description: 'La credencial del dispositivo no es válida o ha sido revocada.',
    });
    expect((await postRaw(form)).status).toBe(401);
    expect(fs.existsSync(path.join(folderOf(first.mid), 'devicelogs', 'forged.log'))).toBe(false);
  });

  it('refuses a bad kind, a missing file, JSON and a screenshot that is no image', async () => {
    const auth = deviceAuthorization(first.mid, first.credential);
    const badKind = new FormData();
    badKind.append('kind', '../../etc');
    badKind.append('file', new Blob(['x']), 'a.log');
    const refused = await postRaw(badKind, auth);
    expect(refused.status).toBe(400);
    expect(refused.body.error.description).toContain('Tipo de fichero no válido');

    const noFile = new FormData();
    noFile.append('kind', 'devicelogs');
    expect((await postRaw(noFile, auth)).body.error.description).toBe('Falta el fichero.');
    expect((await postRaw('{}', auth)).status).toBe(415);
    await expect(uploadFile(first, 'screenshots', 'fake.png', 'not a png')).rejects.toThrow(
      'PNG o JPEG',
    );
    expect(fs.readdirSync(path.join(folderOf(first.mid), 'screenshots'))).toHaveLength(1);
  });

  it('makes a hostile file name safe instead of writing outside the folder', async () => {
    const stored = await uploadFile(first, 'kiosklogs', '../../../../escape.log', 'INFO x\n');
    expect(stored.name).toBe('escape.log');
    expect(fs.existsSync(path.join(folderOf(first.mid), 'kiosklogs', 'escape.log'))).toBe(true);
  });

  it('refuses a file over HELPDESK_MAX_UPLOAD_MB with 413 and keeps nothing of it', async () => {
    const big = Buffer.alloc(1.5 * 1024 * 1024, 'a');
    const form = new FormData();
    form.append('kind', 'devicelogs');
    form.append('file', new Blob([new Uint8Array(big)]), 'huge.log');
    const refused = await postRaw(form, deviceAuthorization(first.mid, first.credential));
    expect(refused.status).toBe(413);
    expect(refused.body.error).toEqual({
      code: '413',
      description: 'El fichero supera el máximo de 1 MB.',
    });
    const names = fs.readdirSync(path.join(folderOf(first.mid), 'devicelogs'));
    expect(names.filter((name) => name.includes('huge') || name.startsWith('.'))).toEqual([]);
  });
});

describe('listing', () => {
  it('answers the five lists, newest first, with screenshots among the device logs', async () => {
    const { body } = await listing(first.mid);
    expect(body.error.code).toBe('0');
    const lists = body.result;
    expect(Object.keys(lists).sort()).toEqual(
      ['database', 'devicelogs', 'errorlogs', 'kiosklogs', 'replica'].sort(),
    );
    expect(lists.errorlogs).toEqual([
      {
        name: 'error-20261122-100000.log',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        size: expect.any(Number),
        fullpath: 'errorlogs/error-20261122-100000.log',
        screenshot: false,
      },
    ]);
    const shot = lists.devicelogs.find((file: { screenshot: boolean }) => file.screenshot);
    expect(shot.fullpath).toMatch(/^screenshots\/screen-.*\.png$/);
    expect(lists.database[0].fullpath).toBe('database/agent.db');
    expect(lists.kiosklogs.map((file: { name: string }) => file.name)).toContain('escape.log');
    const dates = lists.kiosklogs.map((file: { date: string }) => file.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers every tab of the dialog, and refuses unknown devices', async () => {
    for (const data of ['updates', 'replica', 'logs', 'provision', 'inventory']) {
      const other = await t.call(
        'deviceData',
        { database: demo.project, mid: first.mid, data },
        adminToken,
      );
      expect(other.body.error, data).toEqual({ code: '0', description: '' });
    }
    const unknown = await listing('no-such-device');
    expect(unknown.body.error.description).toBe(
      `El dispositivo con MID no-such-device no existe en el proyecto «Demo».`,
    );
  });

  it('lets a read-only user list and refuses another company', async () => {
    expect((await listing(first.mid, userToken)).body.error.code).toBe('0');
    const outsider = await listing(first.mid, outsiderToken);
    expect(outsider.body.error.description).toBe(
      `El proyecto ${demo.project} no existe o no pertenece a su empresa.`,
    );
  });
});

describe('the declared list helpdesk-files (protocol/resources/helpdesk-files.ts)', () => {
  type Row = { id: string; mid: string; list: string; name: string; date: string };
  const page = (filter: Record<string, unknown>, datatable: Record<string, unknown> = {}) =>
    t.call(
      'deviceData',
      {
        database: demo.project,
        data: 'helpdesk',
        datatable: { start: 0, length: 100, ...datatable },
        filter,
      },
      adminToken,
    );

  it('takes {datatable, filter: {mid}}: one page of every list, newest first, with the total', async () => {
    const lists = (await listing(first.mid)).body.result;
    const count = Object.values(lists).flat().length;
    const { body } = await page({ mid: first.mid }, { length: 3 });
    expect(body.error.code).toBe('0');
    expect(body.result.total).toBe(count);
    expect(body.result.data).toHaveLength(3);
    const all: Row[] = (await page({ mid: first.mid })).body.result.data;
    const dates = all.map((row) => row.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.find((row) => row.list === 'errorlogs')).toMatchObject({
      id: `${first.mid}/errorlogs/error-20261122-100000.log`,
      mid: first.mid,
      fullpath: 'errorlogs/error-20261122-100000.log',
      screenshot: false,
    });
    const shot = all.find((row) => row.name.endsWith('.png'));
    expect(shot).toMatchObject({ list: 'devicelogs', screenshot: true });
  });

  it('filters by list, screenshot and name, and sorts by a column', async () => {
    const kiosk: Row[] = (await page({ mid: first.mid, list: 'kiosklogs' })).body.result.data;
    expect(kiosk.length).toBeGreaterThan(0);
    expect(new Set(kiosk.map((row) => row.list))).toEqual(new Set(['kiosklogs']));
    const named = await page({ mid: first.mid, q: 'ESCAPE' });
    expect(named.body.result.data.map((row: Row) => row.name)).toEqual(['escape.log']);
    const shots = await page({ mid: first.mid, screenshot: true });
    expect(shots.body.result.total).toBe(1);
    const byName: Row[] = (await page({ mid: first.mid }, { orderBy: 'name', orderDir: 'asc' }))
      .body.result.data;
    const names = byName.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('needs its device, and is served over REST', async () => {
    const none = await page({});
    expect(none.body.error.description).toBe('Indique el dispositivo: su MID, o su PIN y PIN2.');
    const query = new URLSearchParams({
      filter: JSON.stringify({ mid: first.mid, list: 'errorlogs' }),
      range: '[0,9]',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/rest/projects/${demo.project}/helpdesk-files?${query}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('helpdesk-files 0-0/1');
    expect(response.json()[0].id).toBe(`${first.mid}/errorlogs/error-20261122-100000.log`);
  });
});

describe('download', () => {
  it('sends the file as an attachment', async () => {
    const response = await download({ filePath: 'database/agent.db' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="agent.db"; filename*=UTF-8''agent.db`,
    );
    expect(response.rawPayload.toString()).toBe('SQLite format 3\0...');
  });

  it('answers 404 for a missing file, 401 without a token, 400 for another company', async () => {
    const missing = await download({ filePath: 'devicelogs/nothing.log' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.description).toBe('El fichero devicelogs/nothing.log no existe.');
    expect((await download({ filePath: 'database/agent.db' }, null)).statusCode).toBe(401);
    const outsider = await download({ filePath: 'database/agent.db' }, outsiderToken);
    expect(outsider.statusCode).toBe(400);
  });
});

describe('view log', () => {
  const file = 'devicelogs/device-20261122-100000.log';
  const original = () => fs.readFileSync(path.join(folderOf(first.mid), file), 'utf8');

  it('answers base64 of raw deflate that inflates to the whole log', async () => {
    const { body } = await viewLog({ stFilename: file });
    expect(body.error.code).toBe('0');
    expect(body.result).toMatchObject({ compress: true, lines: 300, totalLines: 300 });
    expect(body.result.truncated).toBe(false);
    expect(inflate(body.result.stText)).toBe(original().trimEnd());
  });

  it.each([
    ['errors', /ERROR|FATAL|Exception/],
    ['replicator', /replic/i],
    ['live', /\blive/i],
    ['frame', /\bframe/i],
    ['script', /script/i],
  ])('filters %s lines', async (filter, pattern) => {
    const { body } = await viewLog({ stFilename: file, filter });
    const lines = inflate(body.result.stText).split('\n');
    const expected = original()
      .trimEnd()
      .split('\n')
      .filter((line) => pattern.test(line));
    expect(expected.length).toBeGreaterThan(0);
    expect(lines).toEqual(expected);
    expect(body.result.lines).toBe(expected.length);
  });

  it('combines filters, free text (any case) and plain text without compression', async () => {
    const both = await viewLog({ stFilename: file, filter: ['live', 'script'] });
    const combined = inflate(both.body.result.stText).split('\n');
    expect(combined.every((line) => /\blive|script/i.test(line))).toBe(true);
    const plain = await viewLog({ stFilename: file, stText: 'WEBSOCKET', compress: false });
    expect(plain.body.result.compress).toBe(false);
    const lines = plain.body.result.stText.split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line: string) => line.includes('WebSocket'))).toBe(true);
    const full = await viewLog({ stFilename: file, filter: 'full', compress: false });
    expect(full.body.result.lines).toBe(300);
  });

  it('says that viewing a database is not available yet, and refuses images', async () => {
    const database = await viewLog({ stFilename: 'database/agent.db' });
    expect(database.body.error).toEqual({ code: '-1', description: DATABASE_REFUSAL });
    const list = (await listing(first.mid)).body.result;
    const shot = list.devicelogs.find((entry: { screenshot: boolean }) => entry.screenshot);
    const image = await viewLog({ stFilename: shot.fullpath });
    expect(image.body.error.description).toContain('es una imagen');
  });
});

describe('view image', () => {
  it('answers the screenshot as base64 png and refuses other files', async () => {
    const list = (await listing(first.mid)).body.result;
    const shot = list.devicelogs.find((entry: { screenshot: boolean }) => entry.screenshot);
    const { body } = await t.call(
      'viewImage',
      { database: demo.project, mid: first.mid, stFilename: shot.fullpath },
      userToken,
    );
    expect(body.result.type).toBe('image/png');
    const bytes = Buffer.from(body.result.image, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const log = await t.call(
      'viewImage',
      {
        database: demo.project,
        mid: first.mid,
        stFilename: 'errorlogs/error-20261122-100000.log',
      },
      adminToken,
    );
    expect(log.body.error.description).toContain('no es una captura de pantalla');
  });
});

describe("refusals in the caller's language", () => {
  it('answers an English-speaking caller in English', async () => {
    const shot = (await listing(first.mid)).body.result.devicelogs.find(
      (entry: { screenshot: boolean }) => entry.screenshot,
    );
    const tab = (parameter: Record<string, unknown>) =>
      t.call('deviceData', { database: demo.project, data: 'helpdesk', ...parameter }, adminToken);
    const description = async (answer: Promise<{ body: any }>) =>
      (await answer).body.error.description;
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      expect(await description(tab({}))).toBe('Name the device: its MID, or its PIN and PIN2.');
      expect(await description(tab({ mid: 'no-such-device' }))).toBe(
        `The device with MID no-such-device does not exist in project “Demo”.`,
      );
      expect(await description(tab({ pin: 'no-pin', pin2: 'no-pin2' }))).toBe(
        `The device with PIN no-pin and PIN2 no-pin2 does not exist in project “Demo”.`,
      );
      expect(await description(viewLog({ stFilename: 'database/agent.db' }))).toBe(
        'Viewing databases is not available yet.',
      );
      expect(await description(viewLog({ stFilename: 'devicelogs/nothing.log' }))).toBe(
        'The file devicelogs/nothing.log does not exist.',
      );
      expect(await description(viewLog({ stFilename: '/etc/passwd' }))).toBe(
        'The path "/etc/passwd" is not a help-desk file of the device.',
      );
      expect(await description(viewLog({ stFilename: shot.fullpath }))).toBe(
        `The file ${shot.fullpath} is an image: open it with "View image".`,
      );
      const notShot = 'errorlogs/error-20261122-100000.log';
      expect(
        await description(
          t.call(
            'viewImage',
            { database: demo.project, mid: first.mid, stFilename: notShot },
            adminToken,
          ),
        ),
      ).toBe(`The file ${notShot} is not a screenshot (PNG or JPEG).`);
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect(await description(tab({}))).toBe('Indique el dispositivo: su MID, o su PIN y PIN2.');
  });
});

describe('hostile paths', () => {
  const hostile = [
    '../helpdesk-dev-2/devicelogs/other.log',
    'devicelogs/../../helpdesk-dev-2/devicelogs/other.log',
    'helpdesk-dev-2/devicelogs/other.log',
    '/etc/passwd',
    '//etc/passwd',
    'devicelogs\\..\\..\\helpdesk-dev-2\\devicelogs\\other.log',
    '..',
    'devicelogs/..',
    'devicelogs/.upload-0000',
    'devicelogs/%2e%2e',
    'devicelogs/other.log\0.txt',
    'devicelogs/linked.log',
    'linkeddir/other.log',
    'devicelogs/',
  ];

  beforeAll(() => {
    // Links planted on the disk (not through the API) must not lead out of the folder either.
    fs.symlinkSync('/etc/passwd', path.join(folderOf(first.mid), 'devicelogs', 'linked.log'));
    fs.symlinkSync(
      path.join(folderOf(second.mid), 'devicelogs'),
      path.join(folderOf(first.mid), 'linkeddir'),
    );
    fs.rmSync(path.join(folderOf(first.mid), 'replica'), { recursive: true });
    fs.symlinkSync(
      path.join(folderOf(second.mid), 'devicelogs'),
      path.join(folderOf(first.mid), 'replica'),
    );
  });

  it.each(hostile)('refuses %j in view, download and delete', async (filePath) => {
    const view = await viewLog({ stFilename: filePath, compress: false });
    expect(view.body.error.code).toBe('-1');
    expect(JSON.stringify(view.body)).not.toContain('secret of device two');
    expect(JSON.stringify(view.body)).not.toContain('root:');
    const fetched = await download({ filePath });
    expect([400, 404]).toContain(fetched.statusCode);
    expect(fetched.body).not.toContain('secret of device two');
    const removed = await t.call(
      'deleteHelpDeskForDEVICEID',
      { database: demo.project, mid: first.mid, filter: { Path: filePath } },
      adminToken,
    );
    expect(removed.body.error.code).toBe('-1');
  });

  it('does not list the files behind a linked kind folder', async () => {
    const lists = (await listing(first.mid)).body.result;
    expect(lists.replica).toEqual([]);
  });

  it('refuses a kind folder linked to another device, and left everything in place', async () => {
    const linked = await viewLog({ stFilename: 'replica/other.log', compress: false });
    expect(linked.body.error.description).toBe(
      'La ruta "replica/other.log" no es un fichero de ayuda del dispositivo.',
    );
    expect(fs.existsSync(path.join(folderOf(second.mid), 'devicelogs', 'other.log'))).toBe(true);
    expect(fs.existsSync('/etc/passwd')).toBe(true);
  });
});

describe('delete', () => {
  it('refuses a read-only user with 403', async () => {
    const refused = await t.call(
      'deleteHelpDeskForDEVICEID',
      { database: demo.project, mid: first.mid, filter: { Path: 'database/agent.db' } },
      userToken,
    );
    expect(refused.status).toBe(403);
  });

  it('deletes one file by Path', async () => {
    const { body } = await t.call(
      'deleteHelpDeskForDEVICEID',
      { database: demo.project, mid: first.mid, filter: { Path: 'database/agent.db' } },
      adminToken,
    );
    expect(body.result).toEqual({ deleted: 1, MID: first.mid });
    expect((await listing(first.mid)).body.result.database).toEqual([]);
    const again = await t.call(
      'deleteHelpDeskForDEVICEID',
      { database: demo.project, mid: first.mid, filter: { Path: 'database/agent.db' } },
      adminToken,
    );
    expect(again.body.error.description).toBe('El fichero database/agent.db no existe.');
  });

  it('deletes one file by the list key (its id), over services and REST', async () => {
    const id = `${first.mid}/errorlogs/error-20261122-100000.log`;
    const call = (parameter: Record<string, unknown>, token = adminToken) =>
      t.call('deleteHelpDeskForDEVICEID', { database: demo.project, ...parameter }, token);
    expect((await call({ id }, userToken)).status).toBe(403);
    expect((await call({ id: 'no-slash' })).body.error.description).toBe(
      'La ruta "no-slash" no es un fichero de ayuda del dispositivo.',
    );
    expect((await call({})).body.error.description).toBe(
      'Indique el dispositivo: su MID, o su PIN y PIN2.',
    );
    const { body } = await call({ id });
    expect(body.result).toEqual({ deleted: 1, MID: first.mid });
    expect((await listing(first.mid)).body.result.errorlogs).toEqual([]);
    const kiosk = (await listing(first.mid)).body.result.kiosklogs[0];
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/rest/projects/${demo.project}/helpdesk-files/${encodeURIComponent(
        `${first.mid}/${kiosk.fullpath}`,
      )}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    const left = (await listing(first.mid)).body.result.kiosklogs;
    expect(left.map((file: { fullpath: string }) => file.fullpath)).not.toContain(kiosk.fullpath);
    // Back as they were, for the deletions below.
    await uploadFile(first, 'errorlogs', 'error-20261122-100000.log', 'ERROR again\n');
    await uploadFile(first, 'kiosklogs', kiosk.name, 'INFO again\n');
  });

  it('deletes every file of the device named by PIN and PIN2, and no other', async () => {
    await projectDb(t.database.db, projectSchemaName(demo.project))
      .updateTable('devices')
      .set({ PIN: '4321', PIN2: '99' })
      .where('MID', '=', first.mid)
      .execute();
    const { body } = await t.call(
      'deleteHelpDeskForDEVICEID',
      { database: demo.project, filter: { PIN: '4321', PIN2: '99' } },
      adminToken,
    );
    expect(body.result.MID).toBe(first.mid);
    expect(body.result.deleted).toBeGreaterThanOrEqual(5);
    expect(fs.existsSync(folderOf(first.mid))).toBe(false);
    const lists = (await listing(first.mid)).body.result;
    expect(Object.values(lists).flat()).toEqual([]);
    expect(fs.existsSync(path.join(folderOf(second.mid), 'devicelogs', 'other.log'))).toBe(true);
  });

  it('removes the files of a device deleted in the console', async () => {
    const row = await projectDb(t.database.db, projectSchemaName(demo.project))
      .selectFrom('devices')
      .select('ID')
      .where('MID', '=', second.mid)
      .executeTakeFirstOrThrow();
    const { body } = await t.call(
      'deviceDelete',
      { database: demo.project, ID: row.ID },
      adminToken,
    );
    expect(body.error.code).toBe('0');
    await expect.poll(() => fs.existsSync(folderOf(second.mid))).toBe(false);
  });
});
