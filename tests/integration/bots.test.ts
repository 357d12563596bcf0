import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { runDueBots } from '../../server/bots/schedule';
import { buildTestApp, type TestApp } from '../support/app';

// Bots (docs/bots.md): a company administrator's automations of a project, run on their schedule
// with their creator's rights, once per offline spell, with a dry run and a run history.

let t: TestApp;
let demo: DemoEnrolmentFile;
const MIDS = ['bot-a', 'bot-b', 'bot-c'];

async function call(login: string, operation: string, parameter: unknown, language = 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${await t.tokenFor(login)}`, 'accept-language': language },
    payload: { operation, parameter },
  });
  return response.json() as { error: { code: string; description: string }; result: any };
}

const deps = () => ({
  db: t.database.db,
  sandbox: t.database.sandbox,
  config: t.config,
  log: t.app.log,
});

/** The device was last seen this many hours ago and is not connected. */
async function lastSeen(mid: string, hours: number) {
  await sql`UPDATE core.device_directory SET online = false,
    last_seen = now() - make_interval(hours => ${hours}) WHERE mid = ${mid}`.execute(t.database.db);
}

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  for (const mid of MIDS) {
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
    });
    expect(enrolled.statusCode).toBe(200);
  }
  await lastSeen('bot-a', 5);
  await lastSeen('bot-b', 3);
  await lastSeen('bot-c', 1);
});
afterAll(() => t?.close());

const offlineBot = () => ({
  name: 'Avisar de desconectados',
  project: demo.project,
  enabled: true,
  trigger: 'offline',
  threshold: 2,
  everyMinutes: 15,
  action: 'mail',
  mailTo: 'ops@example.com',
});

describe('bots', () => {
  let id: number;

  it('are written by company administrators with what their trigger and action need', async () => {
    const refused = await call('usuario', 'botsCreate', offlineBot());
    expect(refused.error.code).not.toBe('0');
    const noThreshold = await call('admin', 'botsCreate', { ...offlineBot(), threshold: null });
    expect(noThreshold.error.description).toBe(
      'El disparador «Desconectado más de N horas» necesita un umbral (N).',
    );
    const noMail = await call('admin', 'botsCreate', { ...offlineBot(), mailTo: null });
    expect(noMail.error.description).toBe(
      'La acción «Enviar un correo» necesita a quién enviarlo.',
    );
    const otherProject = await call('admin', 'botsCreate', { ...offlineBot(), project: 99999 });
    expect(otherProject.error.code).not.toBe('0');
    const created = await call('admin', 'botsCreate', offlineBot());
    expect(created.error).toEqual({ code: '0', description: '' });
    id = created.result.id;
  });

  it('are listed filtered by their project, a reference, as equal ids', async () => {
    const mine = await call('admin', 'botsList', { filter: { project: demo.project } });
    expect(mine.error.code).toBe('0');
    expect(mine.result.data.map((bot: { id: number }) => bot.id)).toEqual([id]);
    const byOperator = await call('admin', 'botsList', {
      rowfilter: { project: String(demo.project) },
      rowfilteroper: { project: 5 },
    });
    expect(byOperator.result.total).toBe(1);
    // Contains is not a reference's operator: refused by name, not a failure of the database.
    const contains = await call('admin', 'botsList', {
      rowfilter: { project: '1' },
      rowfilteroper: { project: 1 },
    });
    expect(contains.error.code).toBe('-1');
    expect(contains.error.description).toContain('Proyecto');
    const other = await call('admin', 'botsList', { filter: { project: demo.project + 1000 } });
    expect(other.result).toMatchObject({ data: [], total: 0 });
  });

  it('says in a dry run which devices it would fire on, acting on none', async () => {
    const dry = await call('admin', 'botsRun', { id, dry: true });
    expect(dry.error, JSON.stringify(id)).toEqual({ code: '0', description: '' });
    expect(dry.result).toMatchObject({ outcome: 'done', devices: 2, mids: ['bot-a', 'bot-b'] });
    const outbox = await t.database.db.selectFrom('core.outbox').selectAll().execute();
    expect(outbox.filter((m) => m.to_address === 'ops@example.com')).toHaveLength(0);
  });

  it('runs when due, once per offline spell, and keeps its history', async () => {
    expect(await runDueBots(deps())).toBe(1);
    const mails = await t.database.db
      .selectFrom('core.outbox')
      .selectAll()
      .where('to_address', '=', 'ops@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(
      'Flota: el bot «Avisar de desconectados» se ha disparado en 2 dispositivos',
    );
    expect(mails[0].body).toContain('bot-a\nbot-b');
    // Not due again within its period.
    expect(await runDueBots(deps())).toBe(0);
    // Due again, the same devices still offline: not acted on twice, and nothing kept.
    await sql`UPDATE core.bot_state SET last_run_at = now() - interval '1 hour'`.execute(
      t.database.db,
    );
    expect(await runDueBots(deps())).toBe(1);
    const runs = await call('admin', 'botRuns', { filter: { bot: id } });
    expect(runs.result.total).toBe(1);
    expect(runs.result.data[0]).toMatchObject({
      botName: 'Avisar de desconectados',
      outcome: 'done',
      devices: 2,
      mids: 'bot-a, bot-b',
      detail: 'Correo enviado a ops@example.com sobre 2 dispositivos.',
    });
    // bot-c now offline long enough: only it.
    await lastSeen('bot-c', 4);
    const dry = await call('admin', 'botsRun', { id, dry: true });
    expect(dry.result).toMatchObject({ devices: 1, mids: ['bot-c'] });
  });

  it('sends a command, queued for the offline devices, with its creator’s rights', async () => {
    const created = await call('admin', 'botsCreate', {
      ...offlineBot(),
      name: 'Ping cada hora',
      trigger: 'schedule',
      threshold: null,
      everyMinutes: 60,
      action: 'command',
      command: 'ping',
      mailTo: null,
    });
    expect(created.error.code).toBe('0');
    const ran = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(ran.result).toMatchObject({ outcome: 'done', devices: 3 });
    expect(ran.result.detail).toBe('Comando «Ping» enviado a 3 dispositivos.');
    const history = await call('admin', 'deviceCommands', { database: demo.project, mid: 'bot-a' });
    expect(JSON.stringify(history.result)).toContain('ping');
    // Its creator gone: refused, and said so in its history.
    await sql`UPDATE core.bot_state SET user_id = NULL WHERE bot_id = ${created.result.id}`.execute(
      t.database.db,
    );
    const refused = await call('admin', 'botsRun', { id: created.result.id, dry: false });
    expect(refused.result).toMatchObject({
      outcome: 'refused',
      detail: 'El usuario que creó el bot ya no existe o no está activo.',
    });
    const runs = await call('admin', 'botRuns', { filter: { outcome: 'refused' } });
    expect(runs.result.total).toBe(1);
  });

  it('is not another company’s, nor an ordinary user’s to run', async () => {
    const ordinary = await call('usuario', 'botsRun', { id, dry: true });
    expect(ordinary.error.code).not.toBe('0');
    const missing = await call('admin', 'botsRun', { id: 987654, dry: true });
    expect(missing.error.description).toBe('El bot 987654 no existe.');
  });

  it('deletes its history with it', async () => {
    const shown = await call('admin', 'botsShow', { id });
    const deleted = await call('admin', 'botsDelete', { id, version: shown.result.version });
    expect(deleted.error.code).toBe('0');
    const runs = await call('admin', 'botRuns', { filter: { bot: id } });
    expect(runs.result.total).toBe(0);
  });
});
