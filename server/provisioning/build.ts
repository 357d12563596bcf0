import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import pg from 'pg';
import type { ProvisionHeader, ProvisionTableLine } from '../../protocol/provisioning';
import type { SandboxProject, SandboxSession, SqlSandbox } from '../db/sandbox';
import type { FileStore } from '../files/index';
import { readTables } from '../replication/tables';
import { selectedRowsCondition } from '../selection/device-rows';

const compress = promisify(gzip);

export interface BuiltCopy {
  key: string;
  /** The IQUEUE id the copy holds every applied operation up to. */
  cut: number;
  tables: number;
  rows: number;
  bytes: number;
}

/** The FileStore key of a task's copy; the cut is in it, so two builds never mix. */
export function copyKey(schema: string, task: number, cut: number): string {
  return `provision/${schema}/${task}-${cut}.ndjson.gz`;
}

/**
 * Builds a device's initial copy of the project's `gen_` tables (docs/device-protocol.md
 * "Provisioning"): for each table the rows its selection gives it for provisioning
 * (server/selection/device-rows.ts, 'provision'), read as the project's own role in one
 * REPEATABLE READ snapshot, so that the copy is exactly the tables after the IQUEUE operations up
 * to `cut` (the applier commits a batch's rows and its IQUEUE rows together, one batch at a time).
 * The copy is gzip-compressed NDJSON (protocol/provisioning.ts), stored in the FileStore.
 */
export async function buildCopy(
  sandbox: SqlSandbox,
  store: FileStore,
  project: SandboxProject,
  mid: string,
  task: number,
  secure: boolean,
): Promise<BuiltCopy> {
  const { lines, cut, tables, rows } = await sandbox.run(project, (session) =>
    readCopy(session, project.schema, mid),
  );
  const header: ProvisionHeader = { cut, tables, secure };
  const body = await compress(Buffer.from([JSON.stringify(header), ...lines].join('\n') + '\n'));
  const key = copyKey(project.schema, task, cut);
  await store.put(key, body);
  return { key, cut, tables, rows, bytes: body.length };
}

async function readCopy(session: SandboxSession, schema: string, mid: string) {
  await session.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  const run = async <R>(text: string, values: unknown[]) =>
    (await session.query(text, values)).rows as R[];
  const [{ cut }] = await run<{ cut: string }>(
    `SELECT coalesce(max("ID"), 0)::text AS cut FROM ${pg.escapeIdentifier(schema)}.iqueue`,
    [],
  );
  const found = await readTables(run, schema);
  const lines: string[] = [];
  let tables = 0;
  let rows = 0;
  for (const table of [...found.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const condition = await selectedRowsCondition(session, schema, table.name, mid, 'provision');
    if (condition === null) continue;
    const name = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table.name)}`;
    const order = table.key.map((column) => pg.escapeIdentifier(column)).join(', ') || '1';
    const data = await run<{ r: string }>(
      `SELECT row_to_json(flota_row_)::text AS r FROM ${name} flota_row_ WHERE (${condition}) ORDER BY ${order}`,
      [],
    );
    const line: ProvisionTableLine = { table: table.name, key: table.key, rows: data.length };
    lines.push(JSON.stringify(line));
    for (const row of data) lines.push(row.r);
    tables++;
    rows += data.length;
  }
  return { lines, cut: Number(cut), tables, rows };
}
