import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';

// The project file browser (/app/setting, tab fileBrowser): browse, upload (multipart and
// base64), download, delete, gated by settings.filebrowser, with the help-desk files' path rules.

let t: TestApp;
let admin: string;
let viewer: string;
let editor: string;
let devicesOnly: string;
let stranger: string;
let demo: TestProject;

beforeAll(async () => {
  t = await buildTestApp({ HELPDESK_MAX_UPLOAD_MB: '1' });
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  demo = await demoProject(db);
  const company = await demoCompany(db);
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    await createUser(db, company, login);
    const userId = await userIdOf(db, login);
    await ok(t, 'shareProject', { database: demo.numero, userId, access: tree }, admin);
    return t.tokenFor(login);
  };
  const none = () => uniformTree(false, false);
  viewer = await shareWith('files-viewer', markShow(none(), 'settings.filebrowser', true));
  editor = await shareWith('files-editor', markWrite(none(), 'settings.filebrowser', true));
  devicesOnly = await shareWith('files-devices', markWrite(none(), 'devices', true));
  await createOtherCompany(db, 'files-stranger');
  stranger = await t.tokenFor('files-stranger');
});
afterAll(() => t?.close());

const list = (folder = '', token = admin, extra: Record<string, unknown> = {}) =>
  ok(t, 'projectFiles', { database: demo.numero, filter: { folder }, ...extra }, token);

/** A multipart form as a browser sends it: the fields, then one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----flota-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(parts) };
}

function upload(folder: string, file: { name: string; bytes: Buffer }, token = admin) {
  const { boundary, body } = multipart({ database: String(demo.numero), folder }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/projects/files',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
}

function download(filePath: string, token = admin, database: number = demo.numero) {
  return t.app.inject({
    method: 'POST',
    url: '/api/projects/files/download',
    headers: { authorization: `Bearer ${token}` },
    payload: { database, path: filePath },
  });
}

const BAD_PATH = /^La ruta «.*» no es válida/;

describe('the project file browser', () => {
  it('starts empty, takes a multipart upload into a folder and a base64 one at the root', async () => {
    expect(await list()).toEqual({ data: [], total: 0, recordsTotal: 0, folder: '' });
    const pdf = Buffer.from('%PDF-1.7 guía de uso');
    const uploaded = await upload('manuales/2026', { name: 'guía de uso.pdf', bytes: pdf });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().result).toMatchObject({
      path: 'manuales/2026/gu_a_de_uso.pdf',
      name: 'gu_a_de_uso.pdf',
      kind: 'file',
      size: pdf.length,
    });
    await ok(
      t,
      'uploadProjectFile',
      {
        database: demo.numero,
        name: 'notas.txt',
        file: Buffer.from('hola').toString('base64'),
      },
      editor,
    );
    const root = await list('', viewer);
    expect(root.total).toBe(2);
    expect(root.data).toEqual([
      expect.objectContaining({ id: 'manuales', kind: 'folder', files: 1, size: pdf.length }),
      expect.objectContaining({ id: 'notas.txt', kind: 'file', files: 1, size: 4 }),
    ]);
    const inner = await list('manuales/2026');
    expect(inner.data.map((row: { path: string }) => row.path)).toEqual([
      'manuales/2026/gu_a_de_uso.pdf',
    ]);
    // Searched by name, sorted and paged in the folder.
    expect((await list('', admin, { filter: { q: 'NOTA' } })).data).toHaveLength(1);
    const bySize = await list('', admin, {
      datatable: { start: 0, length: 1, orderBy: 'size', orderDir: 'desc' },
    });
    expect(bySize).toMatchObject({ total: 2, data: [{ kind: 'folder' }] });
    // It lives in the shared file store, under the project's schema.
    const stored = path.join(t.config.DATA_DIR, 'projectfiles', `prj_${demo.numero}`, 'notas.txt');
    expect(fs.readFileSync(stored, 'utf8')).toBe('hola');
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select(['login', 'detail'])
      .where('action', '=', 'project_file_uploaded')
      .orderBy('id')
      .execute();
    expect(logged.map((row) => [row.login, (row.detail as { path: string }).path])).toEqual([
      ['admin', 'manuales/2026/gu_a_de_uso.pdf'],
      ['files-editor', 'notas.txt'],
    ]);
  });

  it('downloads a file as an attachment; a folder or a missing file is refused', async () => {
    const file = await download('manuales/2026/gu_a_de_uso.pdf', viewer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="gu_a_de_uso.pdf"; filename*=UTF-8\'\'gu_a_de_uso.pdf',
    );
    expect(file.body).toBe('%PDF-1.7 guía de uso');
    const folder = await download('manuales');
    expect(folder.statusCode).toBe(400);
    expect(folder.json().error.description).toBe(
      '«manuales» es una carpeta: no se puede descargar.',
    );
    const missing = await download('nada.txt');
    expect(missing.json().error.description).toBe(
      'No existe «nada.txt» en los archivos del proyecto.',
    );
    expect((await download('notas.txt', admin, 999_999)).statusCode).not.toBe(200);
  });

  it('refuses every path that leaves the project folder or is not a plain name', async () => {
    for (const bad of [
      '..',
      '../prj_1',
      '../../secrets.key',
      'manuales/../../x',
      '/etc/passwd',
      'manuales//2026',
      '.hidden',
      'a\\b',
      'nul\u0000l',
      'a/b/c/d/e/f/g/h/i/j/k',
      'manuales/./2026',
    ]) {
      expect(
        await refused(t, 'projectFiles', { database: demo.numero, filter: { folder: bad } }, admin),
      ).toMatch(bad.includes('\u0000') ? /./ : BAD_PATH);
      expect(
        await refused(t, 'deleteProjectFile', { database: demo.numero, path: bad }, admin),
      ).toMatch(bad.includes('\u0000') ? /./ : BAD_PATH);
      const answer = await download(bad);
      expect(answer.statusCode).toBe(400);
    }
    const escaped = await upload('../..', { name: 'x.txt', bytes: Buffer.from('x') });
    expect(escaped.json().error.description).toMatch(BAD_PATH);
    // A name is made safe (its base name), so it stays in the folder it was sent to.
    const named = await upload('manuales', { name: '../../../evil.sh', bytes: Buffer.from('x') });
    expect(named.json().result.path).toBe('manuales/evil.sh');
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'evil.sh'))).toBe(false);
    await ok(t, 'deleteProjectFile', { database: demo.numero, path: 'manuales/evil.sh' }, admin);
  });

  it('refuses a file over the upload limit with 413, keeping nothing', async () => {
    const big = await upload('', { name: 'grande.bin', bytes: Buffer.alloc(1024 * 1024 + 10) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({ code: '413', description: 'El archivo pasa de 1 MB.' });
    expect((await list()).data.map((row: { name: string }) => row.name)).not.toContain(
      'grande.bin',
    );
    const notForm = await t.app.inject({
      method: 'POST',
      url: '/api/projects/files',
      headers: { authorization: `Bearer ${admin}` },
      payload: { database: demo.numero },
    });
    expect(notForm.statusCode).toBe(415);
  });

  it('is gated by settings.filebrowser: show reads, write changes, others are refused', async () => {
    expect((await upload('', { name: 'v.txt', bytes: Buffer.from('v') }, viewer)).statusCode).toBe(
      403,
    );
    expect(
      (await t.call('deleteProjectFile', { database: demo.numero, path: 'notas.txt' }, viewer))
        .status,
    ).toBe(403);
    expect((await t.call('projectFiles', { database: demo.numero }, devicesOnly)).status).toBe(403);
    expect((await download('notas.txt', devicesOnly)).statusCode).toBe(403);
    const foreign = await t.call('projectFiles', { database: demo.numero }, stranger);
    expect(foreign.body.error.code).not.toBe('0');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/projects/files/download',
      payload: { database: demo.numero, path: 'notas.txt' },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('deletes a file, or a folder with everything in it, and says when nothing is there', async () => {
    expect(
      await ok(t, 'deleteProjectFile', { database: demo.numero, path: 'notas.txt' }, editor),
    ).toEqual({ path: 'notas.txt', files: 1 });
    await upload('manuales', { name: 'otro.txt', bytes: Buffer.from('otro') });
    expect(
      await ok(t, 'deleteProjectFile', { database: demo.numero, path: 'manuales' }, admin),
    ).toEqual({ path: 'manuales', files: 2 });
    expect(await list()).toMatchObject({ data: [], total: 0 });
    expect(
      await refused(t, 'deleteProjectFile', { database: demo.numero, path: 'manuales' }, admin),
    ).toBe('No existe «manuales» en los archivos del proyecto.');
    const deleted = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'project_file_deleted')
      .execute();
    expect(deleted.map((row) => (row.detail as { files: number }).files)).toEqual([1, 1, 2]);
  });
});
