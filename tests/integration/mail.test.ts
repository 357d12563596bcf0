import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, demoProject, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';

let t: TestApp;
let demo: TestProject;
let adminToken: string;
let userToken: string;
let outsiderToken: string;

const DEVICES = [
  { MID: 'mail-dev-1', EMAIL: 'lucia.fernandez@example.es' },
  { MID: 'mail-dev-2', EMAIL: 'no-es-un-correo' },
  { MID: 'mail-dev-3', EMAIL: null },
  { MID: 'mail-dev-4', EMAIL: 'LUCIA.FERNANDEZ@example.es' },
  { MID: 'mail-dev-5', EMAIL: ' jorge.martin@example.com ' },
  { MID: 'mail-dev-6', EMAIL: 'bcc@example.com\nBcc: x@evil.example' },
];

function outbox(subject: string) {
  return t.database.db
    .selectFrom('core.outbox')
    .select(['to_address', 'subject', 'body'])
    .where('subject', '=', subject)
    .orderBy('to_address')
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  demo = await demoProject(t.database.db);
  adminToken = await t.tokenFor('admin');
  userToken = await t.tokenFor('usuario');
  await createOtherCompany(t.database.db, 'correo-ajeno');
  outsiderToken = await t.tokenFor('correo-ajeno');
  await projectDb(t.database.db, demo.schema)
    .insertInto('devices')
    .values(DEVICES.map((device) => ({ ...device, OWNER: 'Dueño', DEVICE_TYPE: 'ANDROID' })))
    .execute();
});
afterAll(() => t.close());

describe('admemail', () => {
  it('mails the chosen devices, skipping invalid addresses and devices without one', async () => {
    const { body } = await t.call(
      'admemail',
      {
        database: demo.numero,
        subject: 'Aviso\r\nBcc: x@evil.example',
        message: 'Actualice la aplicación hoy.',
        devices: ['mail-dev-1', 'mail-dev-2', { MID: 'mail-dev-3' }, 'mail-dev-4', 'mail-dev-6'],
      },
      adminToken,
    );
    expect(body.error).toEqual({ code: '0', description: '' });
    expect(body.result).toEqual({
      message: 'EMail enviado OK',
      sent: 1,
      skipped: ['no-es-un-correo', 'bcc@example.com\nBcc: x@evil.example'],
      withoutEmail: ['mail-dev-3'],
    });
    // The subject is one line; the same address in two cases is mailed once.
    expect(await outbox('Aviso Bcc: x@evil.example')).toEqual([
      {
        to_address: 'lucia.fernandez@example.es',
        subject: 'Aviso Bcc: x@evil.example',
        body: 'Actualice la aplicación hoy.',
      },
    ]);
  });

  it('refuses devices of another project and sends nothing', async () => {
    const { body } = await t.call(
      'admemail',
      {
        database: demo.numero,
        subject: 'Nadie',
        message: 'x',
        devices: ['mail-dev-1', 'not-here'],
      },
      adminToken,
    );
    expect(body.error.description).toBe(
      `No existen en el proyecto «Demo» los dispositivos con MID not-here; no se ha enviado nada.`,
    );
    expect(await outbox('Nadie')).toEqual([]);
  });

  it('refuses when no device has a valid address', async () => {
    const { body } = await t.call(
      'admemail',
      { database: demo.numero, subject: 'Vacío', message: 'x', devices: ['mail-dev-2'] },
      adminToken,
    );
    expect(body.error).toEqual({
      code: '-1',
      description: 'Ningún destinatario tiene una dirección de correo válida.',
    });
  });

  it('answers an English-speaking caller in English and sends nothing', async () => {
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      const mail = (devices: string[]) =>
        t.call(
          'admemail',
          { database: demo.numero, subject: 'En', message: 'x', devices },
          adminToken,
        );
      expect((await mail(['mail-dev-1', 'not-here'])).body.error.description).toBe(
        `Project “Demo” has no devices with MID not-here; nothing has been sent.`,
      );
      expect((await mail(['mail-dev-2'])).body.error.description).toBe(
        'No recipient has a valid e-mail address.',
      );
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect(await outbox('En')).toEqual([]);
  });

  it('needs the sendemail write permission and the caller company', async () => {
    const parameter = {
      database: demo.numero,
      subject: 'P',
      message: 'x',
      devices: ['mail-dev-1'],
    };
    expect((await t.call('admemail', parameter, userToken)).status).toBe(403);
    const outsider = await t.call('admemail', parameter, outsiderToken);
    expect(outsider.body.error.description).toBe(
      `El proyecto ${demo.numero} no existe o no pertenece a su empresa.`,
    );
    expect(await outbox('P')).toEqual([]);
  });

  it('refuses an empty subject and an oversized list', async () => {
    const empty = await t.call(
      'admemail',
      { database: demo.numero, subject: ' \n ', message: 'x', devices: ['mail-dev-1'] },
      adminToken,
    );
    expect(empty.body.error.description).toContain('subject');
    const many = Array.from({ length: 5001 }, (_, i) => `mail-x-${i}`);
    const tooMany = await t.call(
      'admemail',
      { database: demo.numero, subject: 'S', message: 'x', devices: many },
      adminToken,
    );
    expect(tooMany.body.error.code).toBe('-1');
  });
});

describe('admemailall', () => {
  it('mails every device of the project with a valid address, once per address', async () => {
    const { body } = await t.call(
      'admemailall',
      { database: demo.numero, subject: 'A todos', message: 'Mantenimiento el lunes.' },
      adminToken,
    );
    expect(body.result.message).toBe('EMail enviado OK');
    expect(body.result.sent).toBe(2);
    expect(body.result.skipped).toEqual(
      expect.arrayContaining(['no-es-un-correo', 'bcc@example.com\nBcc: x@evil.example']),
    );
    const rows = await outbox('A todos');
    expect(rows.map((row) => row.to_address.toLowerCase()).sort()).toEqual([
      'jorge.martin@example.com',
      'lucia.fernandez@example.es',
    ]);
  });
});

describe('send e-mail', () => {
  it('mails a list of addresses for an administrator, skipping invalid ones', async () => {
    const { body } = await t.call(
      'send e-mail',
      {
        sbj: 'Usuarios',
        msg: 'Nuevas condiciones.',
        lstEmails: ['ana@example.es', 'ana@', 'sin-arroba', 'pedro@example.com'],
      },
      adminToken,
    );
    expect(body.result).toEqual({
      message: 'EMail enviado OK',
      sent: 2,
      skipped: ['ana@', 'sin-arroba'],
    });
    expect((await outbox('Usuarios')).map((row) => row.to_address)).toEqual([
      'ana@example.es',
      'pedro@example.com',
    ]);
  });

  it('is refused to a user who is not an administrator', async () => {
    const refused = await t.call(
      'send e-mail',
      { sbj: 'No', msg: 'x', lstEmails: ['ana@example.es'] },
      userToken,
    );
    expect(refused.status).toBe(403);
    expect(await outbox('No')).toEqual([]);
  });
});

describe('failure', () => {
  let failing: TestApp;

  beforeAll(async () => {
    // A port nobody listens on: the SMTP connection is refused.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    failing = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => failing.close());

  it("answers 'Problemas al enviar el correo.' when the SMTP server fails", async () => {
    const token = await failing.tokenFor('admin');
    const { body } = await failing.call(
      'send e-mail',
      { sbj: 'Caído', msg: 'x', lstEmails: ['ana@example.es'] },
      token,
    );
    expect(body).toEqual({
      error: { code: '-1', description: 'Problemas al enviar el correo.' },
      result: null,
    });
    // The outbox keeps the message, not marked sent.
    const rows = await failing.database.db
      .selectFrom('core.outbox')
      .select(['to_address', 'sent_at'])
      .where('subject', '=', 'Caído')
      .execute();
    expect(rows).toEqual([{ to_address: 'ana@example.es', sent_at: null }]);
  });

  it('says so in English to an English-speaking caller', async () => {
    await setLanguage(failing.database.db, 'admin', 'en');
    const token = await failing.tokenFor('admin');
    const { body } = await failing.call(
      'send e-mail',
      { sbj: 'Down', msg: 'x', lstEmails: ['ana@example.es'] },
      token,
    );
    expect(body.error).toEqual({
      code: '-1',
      description: 'There were problems sending the e-mail.',
    });
  });
});
