import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectDb } from '../../server/db/project-schema';
import { revokeDeviceCredential } from '../../server/device/directory';
import { hashSecret } from '../../server/device/secrets';
import { createEnrolmentToken } from '../../server/device/tokens';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { createUser } from '../support/projects';

// An enrolment token is shared by a batch of devices (one QR code on a provisioning sheet), so
// holding one must not let anybody take over the identity of a device already enrolled.

let t: TestApp;
let demo: TestProject;
/** A multi-use token of the demo project, as the provisioning sheets carry. */
let batchToken: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await demoProject(t.database.db);
  batchToken = (await multiUseToken(demo.numero)).token;
  admin = await t.tokenFor('admin');
});
afterAll(() => t.close());

function multiUseToken(numero: number) {
  return createEnrolmentToken(t.database.db, t.config.PUBLIC_URL, {
    numero,
    createdBy: null,
    maxUses: null,
    expiresAt: null,
    rotate: false,
  });
}

function enrol(
  mid: string,
  {
    token = batchToken,
    authorization,
    language,
    owner = 'Intruso',
  }: { token?: string; authorization?: string; language?: string; owner?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: { token, mid, platform: 'ANDROID', model: 'Galaxy A54', owner },
  });
}

async function enrolled(mid: string, token = batchToken): Promise<string> {
  const response = await enrol(mid, { token, owner: 'Ana Ruiz' });
  expect(response.statusCode).toBe(200);
  return response.json().result.credential as string;
}

function checkin(mid: string, credential: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: { authorization: deviceAuthorization(mid, credential) },
    payload: {},
  });
}

async function tokenUses(token: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('core.enrolment_tokens')
    .select('uses')
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirstOrThrow();
  return row.uses;
}

const deviceRow = (mid: string, project = demo) =>
  projectDb(t.database.db, project.schema)
    .selectFrom('devices')
    .selectAll()
    .where('MID', '=', mid)
    .executeTakeFirst();

describe('enrolling a MID that is already enrolled in the project', () => {
  it('is refused without the current credential, and the real device keeps working', async () => {
    const real = await enrolled('takeover-1');
    const other = await enrolled('takeover-1-other');
    const usesBefore = await tokenUses(batchToken);

    const stolen = await enrol('takeover-1');
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({
      error: {
        code: '401',
        description: expect.stringMatching(
          /^El dispositivo takeover-1 ya está enrolado\. .*credencial actual.*administrador/,
        ),
      },
      result: null,
    });
    const english = await enrol('takeover-1', { language: 'en' });
    expect(english.json().error.description).toMatch(
      /^Device takeover-1 is already enrolled\. .*current credential.*administrator/,
    );
    // A wrong credential, or the right one of another device, proves nothing either.
    for (const authorization of [
      deviceAuthorization('takeover-1', 'w'.repeat(43)),
      deviceAuthorization('takeover-1-other', other),
    ]) {
      expect((await enrol('takeover-1', { authorization })).statusCode).toBe(401);
    }

    expect((await checkin('takeover-1', real)).statusCode).toBe(200);
    expect((await deviceRow('takeover-1'))!.OWNER).toBe('Ana Ruiz');
    // A refused enrolment spends no use of the token.
    expect(await tokenUses(batchToken)).toBe(usesBefore);
  });

  it('issues a new credential when the device presents its current one, keeping its row', async () => {
    const first = await enrolled('reenrol-own-1');
    await projectDb(t.database.db, demo.schema)
      .updateTable('devices')
      .set({ OWNER: 'Lucía Fernández', DEVICEGROUP: 'Almacén' })
      .where('MID', '=', 'reenrol-own-1')
      .execute();

    const again = await enrol('reenrol-own-1', {
      authorization: deviceAuthorization('reenrol-own-1', first),
    });
    expect(again.statusCode).toBe(200);
    const second = again.json().result.credential as string;
    expect(second).not.toBe(first);
    expect((await checkin('reenrol-own-1', first)).statusCode).toBe(401);
    expect((await checkin('reenrol-own-1', second)).statusCode).toBe(200);
    expect(await deviceRow('reenrol-own-1')).toMatchObject({
      OWNER: 'Lucía Fernández',
      DEVICEGROUP: 'Almacén',
    });
  });
});

describe('an administrator lets a device enrol again', () => {
  it('by deleting it in the console: the MID then enrols as a new device', async () => {
    const lost = await enrolled('reenrol-deleted-1');
    const row = await deviceRow('reenrol-deleted-1');
    expect((await enrol('reenrol-deleted-1')).statusCode).toBe(401);

    const { body } = await t.call('deviceDelete', { database: demo.numero, ID: row!.ID }, admin);
    expect(body.error.code).toBe('0');

    const fresh = await enrol('reenrol-deleted-1');
    expect(fresh.statusCode).toBe(200);
    const credential = fresh.json().result.credential as string;
    expect((await checkin('reenrol-deleted-1', lost)).statusCode).toBe(401);
    expect((await checkin('reenrol-deleted-1', credential)).statusCode).toBe(200);
  });

  it('by revoking its credential: the device enrols again and keeps its row', async () => {
    await enrolled('reenrol-revoked-1');
    const { ID } = (await deviceRow('reenrol-revoked-1'))!;
    expect(await revokeDeviceCredential(t.database.db, 'reenrol-revoked-1')).toBe(true);

    const again = await enrol('reenrol-revoked-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().result.deviceId).toBe(ID);
    expect((await checkin('reenrol-revoked-1', again.json().result.credential)).statusCode).toBe(
      200,
    );
  });
});

describe('a MID enrolled by another company', () => {
  let foreign: TestProject;
  let foreignToken: string;

  beforeAll(async () => {
    const { id: companyId } = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Otra Empresa', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(t.database.db, companyId, 'otra-admin', true);
    foreign = await createProject(t.database.db, {
      companyId,
      ownerLogin: 'otra-admin',
      name: 'Flota ajena',
    });
    foreignToken = (await multiUseToken(foreign.numero)).token;
  });

  it('gets the answer of an invalid token, not 409, and stays with its company', async () => {
    const real = await enrolled('foreign-mid-1', foreignToken);
    for (const language of ['es', 'en']) {
      const forged = await enrol('never-enrolled-1', { token: 'x'.repeat(43), language });
      const taken = await enrol('foreign-mid-1', { language });
      expect(taken.statusCode).toBe(forged.statusCode);
      expect(taken.statusCode).toBe(401);
      expect(taken.json()).toEqual(forged.json());
    }
    // Not even with the device's own credential: a MID never moves to another project.
    const moved = await enrol('foreign-mid-1', {
      authorization: deviceAuthorization('foreign-mid-1', real),
    });
    expect(moved.statusCode).toBe(401);

    expect((await checkin('foreign-mid-1', real)).statusCode).toBe(200);
    expect(await deviceRow('foreign-mid-1')).toBeUndefined();
    expect((await deviceRow('foreign-mid-1', foreign))!.OWNER).toBe('Ana Ruiz');
    const directory = await t.database.db
      .selectFrom('core.device_directory')
      .select('numero')
      .where('mid', '=', 'foreign-mid-1')
      .executeTakeFirstOrThrow();
    expect(directory.numero).toBe(foreign.numero);
  });
});
