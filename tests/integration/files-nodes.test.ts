import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { connect, type Db } from '../../server/db/database';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { uploadFile, type UploadingDevice } from '../../simulator/uploads';
import { buildTestApp, type TestApp } from '../support/app';

// Two server nodes on one database, each with its own DATA_DIR, as behind a balancer: with
// FILE_STORE=postgres a help-desk file a device uploads through one node is listed, downloaded,
// viewed and deleted through the other (issue 18: the other node used to list none and answer 404).

describe('help-desk files across two nodes (FILE_STORE=postgres)', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let dbB: Db;
  let dataDirB: string;
  let demo: DemoEnrolmentFile;
  let admin: string;
  let device: UploadingDevice;

  const listing = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        operation: 'deviceData',
        parameter: { database: demo.project, mid: device.mid, data: 'helpdesk' },
      },
    });

  const deviceRow = () =>
    projectDb(t.database.db, projectSchemaName(demo.project))
      .selectFrom('devices')
      .select('ID')
      .where('MID', '=', device.mid)
      .executeTakeFirstOrThrow();

  const download = (app: FastifyInstance, filePath: string) =>
    app.inject({
      method: 'POST',
      url: '/api/helpdesk/download',
      headers: { authorization: `Bearer ${admin}` },
      payload: { database: demo.project, mid: device.mid, filePath },
    });

  beforeAll(async () => {
    t = await buildTestApp({ FILE_STORE: 'postgres' });
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-node-b-'));
    dbB = connect(t.database.url, 5);
    nodeB = await buildApp({
      config: { ...t.config, DATA_DIR: dataDirB },
      db: dbB,
      sandbox: t.database.sandbox,
    });
    demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
    admin = await t.tokenFor('admin');
    const serverA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: {
        token: demo.token,
        mid: 'files-nodes-1',
        platform: 'ANDROID',
        model: 'A54',
        owner: 'Ana',
      },
    });
    expect(enrolled.statusCode).toBe(200);
    device = {
      server: serverA.replace('localhost', '127.0.0.1'),
      mid: 'files-nodes-1',
      credential: enrolled.json().result.credential,
    };
  });
  afterAll(async () => {
    await nodeB?.close();
    await dbB?.destroy();
    await t?.close();
    if (dataDirB) fs.rmSync(dataDirB, { recursive: true, force: true });
  });

  it('lists and downloads through node B, byte for byte, what was uploaded through node A', async () => {
    // Larger than one chunk of the store, and not text: every byte must come back as it went.
    const content = crypto.randomBytes(600 * 1024);
    const stored = await uploadFile(
      device,
      'database',
      'agent.db',
      content,
      'application/octet-stream',
    );
    expect(stored).toMatchObject({ name: 'agent.db', size: content.length, kind: 'database' });

    const listed = await listing(nodeB);
    expect(listed.json().error.code).toBe('0');
    expect(listed.json().result.database).toEqual([
      {
        name: 'agent.db',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        size: content.length,
        fullpath: 'database/agent.db',
        screenshot: false,
      },
    ]);

    const fetched = await download(nodeB, 'database/agent.db');
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-length']).toBe(String(content.length));
    expect(fetched.rawPayload.equals(content)).toBe(true);

    // Neither node kept it on its disk.
    for (const dataDir of [t.config.DATA_DIR, dataDirB]) {
      expect(fs.existsSync(path.join(dataDir, 'helpdesk'))).toBe(false);
    }
  });

  it('views a log through node B and deletes it there, gone for node A too', async () => {
    await uploadFile(device, 'devicelogs', 'device.log', 'INFO uno\nERROR dos\nINFO tres\n');
    const viewed = await nodeB.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        operation: 'viewLog',
        parameter: {
          database: demo.project,
          mid: device.mid,
          stFilename: 'devicelogs/device.log',
          filter: 'errors',
          compress: false,
        },
      },
    });
    expect(viewed.json().result).toMatchObject({ stText: 'ERROR dos', lines: 1, totalLines: 3 });

    const deleted = await nodeB.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        operation: 'deleteHelpDeskForDEVICEID',
        parameter: {
          database: demo.project,
          mid: device.mid,
          filter: { Path: 'devicelogs/device.log' },
        },
      },
    });
    expect(deleted.json().result).toEqual({ deleted: 1, MID: device.mid });
    expect((await listing(t.app)).json().result.devicelogs).toEqual([]);
    const missing = await download(t.app, 'devicelogs/device.log');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.description).toBe('El fichero devicelogs/device.log no existe.');
  });

  it('removes the files of a device deleted in the console', async () => {
    const filesOfDevice = () =>
      t.database.db
        .selectFrom('core.files')
        .select('key')
        .where('key', 'like', `helpdesk/%/${device.mid}/%`)
        .execute();
    expect(await filesOfDevice()).toHaveLength(1);
    const { ID } = await deviceRow();
    const deleted = await t.call('deviceDelete', { database: demo.project, ID }, admin);
    expect(deleted.body.error.code).toBe('0');
    await expect.poll(async () => (await filesOfDevice()).length).toBe(0);
  });
});
