import { sql } from 'kysely';
import type { CommandHistoryRow, CommandLogRow } from '../../protocol/commands';
import type { Datatable, Page } from '../../protocol/paging';
import type { Db } from '../db/database';
import type { ProjectAccess } from '../services/projects/access';
import { ServiceError } from '../services/registry';
import { commandsDb } from './table';
import { commandText } from './texts';

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;

/** Refuses a MID that is not one of the project's devices. */
export async function requireDevice(
  db: Db,
  project: ProjectAccess,
  mid: string,
  language: string,
): Promise<void> {
  const found = await project
    .db(db)
    .selectFrom('devices')
    .select('ID')
    .where('MID', '=', mid)
    .executeTakeFirst();
  if (!found) {
    throw new ServiceError(commandText(language, 'unknownDevice', { numero: project.numero, mid }));
  }
}

/** A device's command history, newest first (the edit dialog's logs tab). */
export async function commandHistory(
  db: Db,
  project: ProjectAccess,
  mid: string,
  page: Datatable,
): Promise<Page<CommandHistoryRow>> {
  const cdb = commandsDb(db, project.schema);
  // Newest first, unless the caller sorts by CREATED ascending on purpose.
  const direction = page.orderBy === 'CREATED' && page.orderDir === 'asc' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    cdb
      .selectFrom('device_commands')
      .select([
        'ID',
        'CMD',
        'STATE',
        'CREATED',
        'SENT',
        'CONFIRMED',
        'RESULT',
        'ERRORDATE',
        'ERRORDESC',
      ])
      .where('MID', '=', mid)
      .orderBy('CREATED', direction)
      .orderBy('ID', direction)
      .limit(page.length)
      .offset(page.start)
      .execute(),
    cdb
      .selectFrom('device_commands')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      CREATED: iso(row.CREATED)!,
      SENT: iso(row.SENT),
      CONFIRMED: iso(row.CONFIRMED),
      ERRORDATE: iso(row.ERRORDATE),
    })),
    total: count.n,
  };
}

/** The device's last command in the command-log shape; nulls when it never had one. */
export async function commandLog(
  db: Db,
  project: ProjectAccess,
  mid: string,
): Promise<CommandLogRow> {
  const row = await commandsDb(db, project.schema)
    .selectFrom('device_command_log')
    .select(['CMDTIME', 'LASTCMD', 'LASTERROR'])
    .where('MID', '=', mid)
    .executeTakeFirst();
  return {
    CMDTIME: row ? iso(row.CMDTIME) : null,
    LASTCMD: row?.LASTCMD ?? null,
    LASTERROR: row?.LASTERROR ?? null,
  };
}
