import { sql } from 'kysely';
import type { CommandHistoryRow, CommandLogRow } from '../../protocol/commands';
import type { Datatable, Page } from '../../protocol/paging';
import type { Db } from '../db/database';
import type { ProjectAccess } from '../services/projects/access';
import { ServiceError } from '../services/registry';
import { commandsDb } from './table';
import { commandText } from './texts';
import { expireQueued } from './queue';

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
    throw new ServiceError(commandText(language, 'unknownDevice', { project: project.name, mid }));
  }
}

/** The columns the history may be sorted by (protocol/resources/command-history.ts). */
export const HISTORY_SORTABLE = [
  'CREATED',
  'CMD',
  'STATE',
  'SENT',
  'CONFIRMED',
  'ERRORDATE',
] as const;

/** Which rows: one device's (or, null, the project's), of one command and one state if given. */
export interface HistoryFilter {
  mid: string | null;
  CMD?: string;
  STATE?: string;
}

/**
 * A device's command history (the edit dialog's logs tab), paged, filtered and sorted in SQL:
 * newest first unless the caller sorts by a sortable column, with ID breaking ties.
 */
export async function commandHistory(
  db: Db,
  project: ProjectAccess,
  filter: HistoryFilter,
  page: Datatable,
): Promise<Page<CommandHistoryRow & { mid: string }>> {
  // Queued commands past their expiry read 'expired' at once, not at the next sweep.
  await expireQueued(db, project.numero);
  const cdb = commandsDb(db, project.schema);
  const column = HISTORY_SORTABLE.find((name) => name === page.orderBy);
  const direction = column ? page.orderDir : 'desc';
  const rows = cdb
    .selectFrom('device_commands')
    .$if(filter.mid !== null, (qb) => qb.where('MID', '=', filter.mid!))
    .$if(filter.CMD !== undefined, (qb) => qb.where('CMD', '=', filter.CMD!))
    .$if(filter.STATE !== undefined, (qb) => qb.where('STATE', '=', filter.STATE as never));
  const [data, count] = await Promise.all([
    rows
      .select([
        'ID',
        'MID as mid',
        'CMD',
        'STATE',
        'CREATED',
        'SENT',
        'CONFIRMED',
        'RESULT',
        'ERRORDATE',
        'ERRORDESC',
        'EXPIRES',
        'SOURCE',
      ])
      .orderBy(column ?? 'CREATED', direction)
      .orderBy('ID', direction)
      .limit(page.length)
      .offset(page.start)
      .execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: data.map((row) => ({
      ...row,
      CREATED: iso(row.CREATED)!,
      SENT: iso(row.SENT),
      CONFIRMED: iso(row.CONFIRMED),
      ERRORDATE: iso(row.ERRORDATE),
      EXPIRES: iso(row.EXPIRES),
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
