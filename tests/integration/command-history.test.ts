import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, insertDevices, type TestProject } from '../support/devices';

// The declared list command-history (protocol/resources/command-history.ts) through
// deviceCommands: the list call's {database, datatable, filter: {mid, CMD, STATE}}.

let t: TestApp;
let demo: TestProject;
let admin: string;

/** Command n of a device, n minutes after 10:00 on 22 November 2026. */
const command = (mid: string, n: number, cmd: string, state: string) => sql`
  INSERT INTO ${sql.id(demo.schema, 'device_commands')}
    ("MID", "CMD", "PARAMS", "STATE", "SOURCE", "CREATED")
  VALUES (${mid}, ${cmd}, '{}', ${state}, 'console', ${new Date(Date.UTC(2026, 10, 22, 10, n))})
`;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await demoProject(t.database.db);
  admin = await t.tokenFor('admin');
  await insertDevices(t.database.db, demo.schema, 2, 'HIST');
  const rows = [
    command('HIST-1', 1, 'lock', 'executed'),
    command('HIST-1', 2, 'ping', 'offline'),
    command('HIST-1', 3, 'lock', 'failed'),
    command('HIST-1', 4, 'gps', 'executed'),
    command('HIST-2', 5, 'ping', 'executed'),
  ];
  for (const row of rows) await row.execute(t.database.db);
});
afterAll(() => t?.close());

const list = (parameter: Record<string, unknown>) =>
  t.call('deviceCommands', { database: demo.numero, ...parameter }, admin);
type Row = { CMD: string; STATE: string; mid: string; CREATED: string };
const cmds = (answer: Awaited<ReturnType<typeof list>>) =>
  answer.body.result.data.map((row: Row) => row.CMD);

describe('the command history as a declared list', () => {
  it('pages one device newest first, with the total', async () => {
    const page = await list({ datatable: { start: 0, length: 2 }, filter: { mid: 'HIST-1' } });
    expect(page.body.result.total).toBe(4);
    expect(cmds(page)).toEqual(['gps', 'lock']);
    expect(page.body.result.data[0]).toMatchObject({ mid: 'HIST-1', STATE: 'executed' });
    const next = await list({ datatable: { start: 2, length: 2 }, filter: { mid: 'HIST-1' } });
    expect(cmds(next)).toEqual(['ping', 'lock']);
  });

  it('sorts by a declared column in SQL, and filters by command and state', async () => {
    const byCommand = await list({
      datatable: { start: 0, length: 10, orderBy: 'CMD', orderDir: 'asc' },
      filter: { mid: 'HIST-1' },
    });
    expect(cmds(byCommand)).toEqual(['gps', 'lock', 'lock', 'ping']);
    const oldest = await list({
      datatable: { start: 0, length: 1, orderBy: 'CREATED', orderDir: 'asc' },
      filter: { mid: 'HIST-1' },
    });
    expect(oldest.body.result.data[0]).toMatchObject({ CMD: 'lock', STATE: 'executed' });
    const locks = await list({
      datatable: { start: 0, length: 10 },
      filter: { mid: 'HIST-1', CMD: 'lock', STATE: 'failed' },
    });
    expect(locks.body.result.total).toBe(1);
    const badState = await list({ datatable: { start: 0, length: 10 }, filter: { STATE: 'x' } });
    expect(badState.body.error.code).toBe('-1');
  });

  it("lists the project's history when the filter names no device", async () => {
    const all = await list({ datatable: { start: 0, length: 100 }, filter: { CMD: 'ping' } });
    const mids = all.body.result.data.map((row: Row) => row.mid);
    expect(mids).toEqual(expect.arrayContaining(['HIST-1', 'HIST-2']));
  });

  it('keeps the older {mid, datatable} shape, and needs a device without a filter', async () => {
    const old = await list({ mid: 'HIST-1', datatable: { start: 0, length: 10 } });
    expect(old.body.result.total).toBe(4);
    expect(cmds(old)[0]).toBe('gps');
    const none = await list({ datatable: { start: 0, length: 10 } });
    expect(none.body.error.description).toBe(
      'Indique el dispositivo de la lista: su MID, en mid o en filter.mid.',
    );
    const unknown = await list({ datatable: { start: 0, length: 10 }, filter: { mid: 'NOPE-1' } });
    expect(unknown.body.error.description).toBe(
      `No existe en el proyecto «Demo» el dispositivo con MID NOPE-1.`,
    );
  });

  it('is served over REST with the Content-Range of its total', async () => {
    const query = new URLSearchParams({
      filter: JSON.stringify({ mid: 'HIST-1', STATE: 'executed' }),
      range: '[0,0]',
      sort: '["CREATED","ASC"]',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/rest/projects/${demo.numero}/command-history?${query}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('command-history 0-0/2');
    const [row] = response.json();
    expect(row).toMatchObject({ CMD: 'lock', id: row.ID });
  });
});
