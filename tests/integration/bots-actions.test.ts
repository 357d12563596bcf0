import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { signature } from '../../server/bots/webhook';
import { buildTestApp, type TestApp } from '../support/app';

// Bots' webhook, push and report actions, their replication-queue trigger and what the command
// history says of a bot's commands (docs/bots.md).

let t: TestApp;
let demo: DemoEnrolmentFile;
let receiver: http.Server;
let receiverUrl = '';
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let answerStatus = 200;
const MIDS = ['act-a', 'act-b'];

async function call(login: string, operation: string, parameter: unknown, language = 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${await t.tokenFor(login)}`, 'accept-language': language },
    payload: { operation, parameter },
  });
  return response.json() as { error: { code: string; description: string }; result: any };
}

beforeAll(async () => {
  t = await buildTestApp({ BOTS_WEBHOOK_PRIVATE: 'true' });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  for (const mid of MIDS) {
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
    });
    expect(enrolled.statusCode).toBe(200);
  }
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answerStatus;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

const scheduleBot = (name: string, action: Record<string, unknown>) => ({
  name,
  project: demo.project,
  enabled: true,
  trigger: 'schedule',
  everyMinutes: 60,
  ...action,
});

describe('bot actions', () => {
  it('call a webhook with a signed body, and keep its answer in the history', async () => {
    const noUrl = await call('admin', 'botsCreate', scheduleBot('Sin URL', { action: 'webhook' }));
    expect(noUrl.error.description).toBe(
      'La acción «Llamar a un webhook» necesita una URL http o https.',
    );
    const ftp = await call(
      'admin',
      'botsCreate',
      scheduleBot('FTP', { action: 'webhook', webhookUrl: 'ftp://example.com/x' }),
    );
    expect(ftp.error.code).not.toBe('0');
    const created = await call(
      'admin',
      'botsCreate',
      scheduleBot('Webhook', { action: 'webhook', webhookUrl: receiverUrl }),
    );
    expect(created.error.code).toBe('0');
    const id = created.result.id;
    const { result } = await call('admin', 'botsSecret', { id });
    expect(result.secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await call('usuario', 'botsSecret', { id })).error.code).not.toBe('0');

    const ran = await call('admin', 'botsRun', { id, dry: false });
    expect(ran.result).toMatchObject({ outcome: 'done', devices: 2 });
    expect(ran.result.detail).toMatch(
      /^Webhook http:\/\/127\.0\.0\.1:\d+ llamado sobre 2 dispositivos: HTTP 200\.$/,
    );
    expect(received).toHaveLength(1);
    const [request] = received;
    const timestamp = request.headers['x-flota-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(request.headers['x-flota-signature']).toBe(
      signature(result.secret, timestamp, request.body),
    );
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      bot: { id, name: 'Webhook' },
      project: { id: demo.project },
      run: { trigger: 'schedule' },
      devices: MIDS,
      total: 2,
    });

    // An error answer: the run failed, said so; a renewed secret signs the next one.
    answerStatus = 500;
    const renewed = await call('admin', 'botsSecret', { id, renew: true });
    expect(renewed.result.secret).not.toBe(result.secret);
    const failed = await call('admin', 'botsRun', { id, dry: false });
    expect(failed.result).toMatchObject({ outcome: 'failed', devices: 2 });
    expect(failed.result.detail).toContain('respondió HTTP 500');
    expect(received[1].headers['x-flota-signature']).toBe(
      signature(
        renewed.result.secret,
        received[1].headers['x-flota-timestamp'] as string,
        received[1].body,
      ),
    );
    answerStatus = 200;
    const runs = await call('admin', 'botRuns', { filter: { bot: id, outcome: 'failed' } });
    expect(runs.result.total).toBe(1);
  });

  it('send a push through the push path, recorded in the command history', async () => {
    const missing = await call('admin', 'botsCreate', scheduleBot('Push', { action: 'push' }));
    expect(missing.error.description).toBe('La acción «Enviar un push» necesita el mensaje.');
    const created = await call(
      'admin',
      'botsCreate',
      scheduleBot('Push', { action: 'push', pushMessage: 'Revise el terminal' }),
    );
    const ran = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(ran.result).toMatchObject({ outcome: 'done', devices: 2 });
    expect(ran.result.detail).toBe(
      'Push enviado a 2 dispositivos (0 conectados, 2 desconectados).',
    );
    const history = await call('admin', 'deviceCommands', { database: demo.project, mid: 'act-a' });
    expect(history.result.data[0]).toMatchObject({ CMD: 'push', SOURCE: 'push' });
  });

  it('mail a report of the project with its file, in the outbox', async () => {
    const saved = await call('admin', 'SaveReport', {
      database: demo.project,
      Title: 'Dispositivos por modelo',
      SQL: 'SELECT "MODEL", count(*) AS n FROM devices GROUP BY "MODEL"',
    });
    expect(saved.error.code).toBe('0');
    const noReport = await call(
      'admin',
      'botsCreate',
      scheduleBot('Informe', { action: 'report', mailTo: 'informes@example.com' }),
    );
    expect(noReport.error.description).toBe(
      'La acción «Enviar un informe por correo» necesita el informe.',
    );
    const created = await call(
      'admin',
      'botsCreate',
      scheduleBot('Informe', {
        action: 'report',
        mailTo: 'informes@example.com',
        report: saved.result.ID,
      }),
    );
    expect(created.error.code).toBe('0');
    const ran = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(ran.result).toMatchObject({ outcome: 'done', devices: 2 });
    expect(ran.result.detail).toBe(
      'Informe «Dispositivos por modelo» (1 filas) enviado a informes@example.com sobre 2 dispositivos.',
    );
    const mail = await t.database.db
      .selectFrom('core.outbox')
      .selectAll()
      .where('to_address', '=', 'informes@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Flota: informe «Dispositivos por modelo» del bot «Informe»');
    const [file] = mail.attachments!;
    expect(file.filename).toMatch(/^Dispositivos_por_modelo-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Buffer.from(file.content, 'base64').toString('utf8');
    expect(csv).toBe('\uFEFFMODEL,n\r\nTC52,2\r\n');
    // A report that is gone: refused, said so.
    const deleted = await call('admin', 'DeleteReport', {
      database: demo.project,
      filter: saved.result.ID,
    });
    expect(deleted.error.code).toBe('0');
    const gone = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(gone.result.outcome).toBe('refused');
    expect(gone.result.detail).toContain(`El informe ${saved.result.ID} no existe`);
  });

  it('run a report whose macros have defaults, and refuse one whose macros have none', async () => {
    const save = (Title: string, SQL: string) =>
      call('admin', 'SaveReport', { database: demo.project, Title, SQL });
    const bare = await save(
      'Por modelo',
      'SELECT count(*) AS n FROM devices WHERE "MODEL" = ##MODELO##',
    );
    const refused = await call(
      'admin',
      'botsCreate',
      scheduleBot('Sin valores', {
        action: 'report',
        mailTo: 'm@example.com',
        report: bare.result.ID,
      }),
    );
    expect(refused.error.description).toBe(
      'El informe «Por modelo» pide macros sin valor por defecto (MODELO): un bot lo ejecuta con los valores por defecto, déselos en el informe.',
    );
    const listed = await call('admin', 'botsList', { filter: { name: 'Sin valores' } });
    expect(listed.result.data).toEqual([]);
    const defaulted = await save(
      'Por modelo TC52',
      'SELECT count(*) AS n FROM devices WHERE "MODEL" = ##MODELO(TC52)##',
    );
    const created = await call(
      'admin',
      'botsCreate',
      scheduleBot('Con valores', {
        action: 'report',
        mailTo: 'm@example.com',
        report: defaulted.result.ID,
      }),
    );
    expect(created.error.code).toBe('0');
    const ran = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(ran.result.outcome).toBe('done');
    expect(ran.result.detail).toContain('«Por modelo TC52» (1 filas)');
  });

  it('fire on a replication queue over N, and on the model as a condition', async () => {
    const created = await call('admin', 'botsCreate', {
      ...scheduleBot('Cola', { action: 'mail', mailTo: 'cola@example.com' }),
      trigger: 'replication',
      threshold: 10,
      model: 'TC52',
    });
    expect(created.error.code).toBe('0');
    const schema = `prj_${demo.project}`;
    await sql`INSERT INTO ${sql.id(schema, 'replica_status')} ("MID", "PENDING") VALUES ('act-a', 50)
      ON CONFLICT ("MID") DO UPDATE SET "PENDING" = 50`.execute(t.database.db);
    const dry = await call('admin', 'botsRun', { id: created.result.id, dry: true });
    expect(dry.result).toMatchObject({ devices: 1, mids: ['act-a'] });
    const otherModel = await call('admin', 'botsCreate', {
      ...scheduleBot('Cola otro modelo', { action: 'mail', mailTo: 'cola@example.com' }),
      trigger: 'replication',
      threshold: 10,
      model: 'Otro',
    });
    const none = await call('admin', 'botsRun', { id: otherModel.result.id, dry: true });
    expect(none.result.devices).toBe(0);
  });

  it('send commands the history says a bot sent', async () => {
    const created = await call(
      'admin',
      'botsCreate',
      scheduleBot('Ping', { action: 'command', command: 'ping' }),
    );
    await call('admin', 'botsRun', { id: created.result.id, dry: false });
    const history = await call('admin', 'deviceCommands', { database: demo.project, mid: 'act-b' });
    expect(history.result.data[0]).toMatchObject({ CMD: 'ping', SOURCE: 'bot' });
  });
});
