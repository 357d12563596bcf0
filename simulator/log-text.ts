import { Random } from './random';

/** Which log a device writes: each has its own voice. */
export type LogSource = 'devicelogs' | 'errorlogs' | 'kiosklogs' | 'replica';

type Level = 'INFO' | 'WARN' | 'ERROR' | 'DEBUG';

const DEVICE_LINES: readonly (readonly [Level, string])[] = [
  ['INFO', 'Replicator: sync started, {n} pending operations'],
  ['INFO', 'Replicator: sync finished in {ms} ms, {n} rows received'],
  ['WARN', 'Replicator: server slow to answer, retrying in {s} s'],
  ['ERROR', 'Replicator: sync failed: java.net.SocketTimeoutException: timeout after {ms} ms'],
  ['INFO', 'Live: session requested by the console'],
  ['INFO', 'Live: streaming at {fps} fps'],
  ['WARN', 'Live: frame dropped, encoder busy ({ms} ms)'],
  ['DEBUG', 'Frame {n} encoded, {kb} KB'],
  ['INFO', 'Script: running startup.js'],
  ['ERROR', 'Script: ReferenceError: order is not defined at line {n}'],
  ['INFO', 'Battery at {pct} %'],
  ['INFO', 'Check-in accepted, next in {s} s'],
  ['WARN', 'Network changed to {net}'],
  ['INFO', 'WebSocket connected'],
  ['WARN', 'WebSocket closed (1006), reconnecting in {s} s'],
  ['ERROR', 'Database: SQLiteException: database is locked'],
];

const KIOSK_LINES: readonly (readonly [Level, string])[] = [
  ['INFO', 'Kiosk: launcher started in lock-task mode'],
  ['INFO', 'Kiosk: app com.flota.pedidos opened'],
  ['WARN', 'Kiosk: blocked attempt to open com.android.settings'],
  ['INFO', 'Kiosk: screen off after {s} s idle'],
  ['ERROR', 'Kiosk: app com.flota.pedidos crashed: IllegalStateException'],
  ['INFO', 'Kiosk: wifi {net} connected'],
];

const REPLICA_LINES: readonly (readonly [Level, string])[] = [
  ['INFO', 'Replica: table gen_pedidos, {n} rows sent'],
  ['INFO', 'Replica: table gen_clientes, {n} rows received'],
  ['WARN', 'Replica: conflict on gen_pedidos row {n}, server wins'],
  ['ERROR', 'Replica: FATAL checksum mismatch on gen_stock, full resync scheduled'],
  ['INFO', 'Replica: LASTID {n}'],
];

const NETWORKS = ['wifi', 'LTE', '5G', 'none'];

function fill(template: string, random: Random): string {
  return template
    .replace('{n}', String(random.int(1, 5000)))
    .replace('{ms}', String(random.int(20, 30_000)))
    .replace('{s}', String(random.int(1, 120)))
    .replace('{fps}', String(random.int(5, 30)))
    .replace('{kb}', String(random.int(4, 300)))
    .replace('{pct}', String(random.int(3, 100)))
    .replace('{net}', random.pick(NETWORKS));
}

function linesOf(source: LogSource) {
  if (source === 'kiosklogs') return KIOSK_LINES;
  if (source === 'replica') return REPLICA_LINES;
  return DEVICE_LINES;
}

/**
 * A believable log: timestamped lines, oldest first, ending at `now`, with levels INFO, WARN,
 * ERROR and DEBUG and mentions of the replicator, live sessions, frames and scripts (the log
 * viewer's filters). An error log keeps only the warnings and errors, with a stack trace each.
 */
export function generateLog(
  source: LogSource,
  {
    lines = 200,
    now = new Date(),
    seed = 1,
  }: { lines?: number; now?: Date; seed?: number | string } = {},
): string {
  const random = new Random(seed);
  const catalogue = linesOf(source).filter(
    ([level]) => source !== 'errorlogs' || level === 'WARN' || level === 'ERROR',
  );
  // Gaps first, so the last line is written at `now` exactly.
  const gaps = Array.from({ length: lines }, () => random.int(200, 8_000));
  let time = now.getTime() - gaps.reduce((sum, gap) => sum + gap, 0);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    time += gaps[i];
    const [level, template] = random.pick(catalogue);
    const thread = random.pick(['main', 'sync', 'net', 'ui']);
    out.push(
      `${new Date(time).toISOString()} ${level.padEnd(5)} [${thread}] ${fill(template, random)}`,
    );
    if (source === 'errorlogs' && level === 'ERROR') {
      out.push('    at com.flota.agent.Replicator.sync(Replicator.java:214)');
      out.push('    at com.flota.agent.Worker.run(Worker.java:88)');
    }
  }
  return out.join('\n') + '\n';
}
