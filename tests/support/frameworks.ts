import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { TEMPLATE_UPLOAD_PATH } from '../../protocol/frameworks';
import { CERTIFICATE_UPLOAD_PATH } from '../../protocol/resources/certificates';
import type { TestApp } from './app';
import { ok } from './projects';

// What the frameworks' integration tests share (docs/frameworks.md): multipart posts, a template,
// a version with it, the company's keystore and a generation waited for.

const FIXTURES = path.join(__dirname, '../fixtures/certificates');

/** A certificate fixture's bytes (tests/fixtures/certificates). */
export const certificateFixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** A small Android template: what a framework version's zip holds. */
export const TEMPLATE = Buffer.from(
  zipSync({ 'AndroidManifest.xml': strToU8('<manifest/>'), 'classes.dex': strToU8('dex') }),
);

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = '----flota-frameworks';
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart form posted with a bearer token; the answer's JSON. */
export async function postForm(
  t: TestApp,
  url: string,
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
) {
  const { payload, contentType } = multipart(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return response.json();
}

/** A public Android version with TEMPLATE uploaded, made by the top administrator. */
export async function androidVersion(t: TestApp, top: string, title: string): Promise<number> {
  const created = await ok(
    t,
    'frameworkVersionUpdate',
    { Operation: 1, Plat: 1, Type: 'native', Tittle: title, Private: false },
    top,
  );
  const id = Number(created.id);
  await postForm(
    t,
    TEMPLATE_UPLOAD_PATH,
    top,
    { id: String(id) },
    {
      name: 'android.zip',
      bytes: TEMPLATE,
    },
  );
  return id;
}

/** The company's release keystore (upload.jks), uploaded by an administrator: its id. */
export async function releaseKeystore(t: TestApp, admin: string, name = 'Release') {
  const uploaded = await postForm(
    t,
    CERTIFICATE_UPLOAD_PATH,
    admin,
    { name, type: 'keystore', certname: 'release', keystorepwd: 'storepass1' },
    { name: 'upload.jks', bytes: certificateFixture('upload.jks') },
  );
  return Number(uploaded.result.id);
}

export interface GenerationState {
  id: number;
  state: string;
  progress: number;
  detail: string;
}

/** A generation once done or failed, read as the console's list does. */
export async function finished(
  t: TestApp,
  numero: number,
  id: number,
  token: string,
): Promise<GenerationState> {
  for (let i = 0; i < 100; i++) {
    const rows = await ok<GenerationState[]>(
      t,
      'generatedFrameworks',
      { projectid: numero },
      token,
    );
    const row = rows.find((r) => r.id === id)!;
    if (row.state === 'done' || row.state === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the generation did not finish');
}
