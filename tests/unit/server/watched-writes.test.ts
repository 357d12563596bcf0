import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { watchWrites, writesSessionTables } from '../../../server/db/watched-writes';

const events: string[] = [];
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () =>
      watchWrites(new DummyDriver(), {
        writeStarted: () => events.push('started'),
        writeEnded: () => events.push('ended'),
      }),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('writesSessionTables', () => {
  it('sees a built insert, update or delete of a session table, aliased or in a WITH', () => {
    const writes = [
      db.updateTable('core.users').set({ active: false }).where('id', '=', 1),
      db.updateTable('core.users as u').set({ language: 'en' }),
      db.insertInto('core.companies').values({ name: 'x' } as never),
      db.deleteFrom('core.identity_clients').where('clientid', '=', 'c'),
      db.deleteFrom('core.projects as p').where('p.numero', '=', 1),
      db
        .with('gone', (w) => w.deleteFrom('core.users').where('id', '=', 1).returning('id'))
        .selectFrom('gone')
        .selectAll(),
    ];
    for (const query of writes) expect(writesSessionTables(query.compile())).toBe(true);
  });

  it('sees a raw statement that writes one', () => {
    for (const text of [
      sql`UPDATE core.users SET active = false`,
      sql`update "core"."identity_clients" set rights = ''`,
      sql`DELETE FROM core.projects WHERE numero = 1`,
      sql`TRUNCATE core.companies CASCADE`,
    ]) {
      expect(writesSessionTables(text.compile(db))).toBe(true);
    }
  });

  it('ignores reads and writes of other tables', () => {
    const others = [
      db.selectFrom('core.users').selectAll().compile(),
      db.selectFrom('core.projects').selectAll().forUpdate().compile(),
      db
        .updateTable('core.revisions')
        .set({ after: '{}' } as never)
        .compile(),
      db
        .insertInto('core.actions_log')
        .values({ action: 'x' } as never)
        .compile(),
      sql`SELECT * FROM core.users`.compile(db),
      sql`UPDATE core.users_custom SET x = 1`.compile(db),
    ];
    for (const query of others) expect(writesSessionTables(query)).toBe(false);
  });
});

describe('watchWrites', () => {
  it('tells of a write when it is sent and when its connection is released', async () => {
    events.length = 0;
    await db.selectFrom('core.users').selectAll().execute();
    expect(events).toEqual([]);
    await db.updateTable('core.users').set({ active: false }).execute();
    expect(events).toEqual(['started', 'ended']);
    events.length = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('core.users').set({ active: false }).execute();
      await trx.updateTable('core.companies').set({ active: false }).execute();
      expect(events).toEqual(['started']);
    });
    expect(events).toEqual(['started', 'ended']);
  });
});
