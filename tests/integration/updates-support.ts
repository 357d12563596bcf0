import { sql } from 'kysely';
import type { TestApp } from '../support/app';
import { ok } from '../support/projects';
import { UPDATE_UPLOAD_PATH, type UpdateFileEntry } from '../../protocol/updates';

/** A multipart form as a browser sends it: the fields, then one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----flota-updates-boundary';
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

/** Step 2 for one file: the upload form with database, alias, numero and folder. */
export function uploadFile(
  t: TestApp,
  token: string,
  fields: { database: number; alias: string; numero: number; folder?: string },
  bytes: Buffer,
) {
  const { boundary, body } = multipart(
    {
      database: String(fields.database),
      alias: fields.alias,
      numero: String(fields.numero),
      folder: fields.folder ?? '',
    },
    { name: `file-${fields.numero}`, bytes },
  );
  return t.app.inject({
    method: 'POST',
    url: UPDATE_UPLOAD_PATH,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
}

export const sqlEntry = (sqlText: string): UpdateFileEntry => ({
  type: 'sqlDirect',
  name: '',
  path: '',
  size: 0,
  sql: sqlText,
  register: false,
  execute: false,
});

export const copyEntry = (name: string, size: number): UpdateFileEntry => ({
  type: 'copy',
  name,
  path: '%APPPATH%\\bin',
  size,
  register: true,
  execute: false,
});

/** The three steps of a publish with SQL only (nothing to upload); answers uploadConfirm's result. */
export async function publishSql(
  t: TestApp,
  token: string,
  database: number,
  payload: { Type: number; lstMID?: Array<string | number>; Platform?: number },
) {
  const staged = await ok(t, 'uploadPublish', { database, filter: [sqlEntry('SELECT 1')] }, token);
  return ok(
    t,
    'uploadConfirm',
    {
      database,
      filter: {
        lstMID: [],
        updateRepository: false,
        SendPush: false,
        TempDirectory: staged.TempDirectory,
        ...payload,
      },
    },
    token,
  );
}

/** Device rows of an update by version. */
export async function rowsOf(t: TestApp, schema: string, version: number) {
  const { rows } = await sql<{ MID: string; CONFIRMADA: boolean }>`
    SELECT du."MID", du."CONFIRMADA" FROM ${sql.id(schema, 'device_updates')} du
    JOIN ${sql.id(schema, 'updates')} u ON u."ID" = du."UPDATE_ID"
    WHERE u."VERSION" = ${version} ORDER BY du."MID"
  `.execute(t.database.db);
  return rows;
}
