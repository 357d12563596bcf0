import { MAX_CHECKIN_ERRORS, type ReplicationError } from '../protocol/device-protocol';
import type { Behaviour } from './profile';
import type { Random } from './random';

/**
 * Share of check-ins after which the replicator reports an error. A weak network (flaky
 * devices) interrupts syncs half-way, which leaves locks and duplicate rows behind.
 */
const ERROR_CHANCE: Record<Behaviour, number> = { steady: 0.02, flaky: 0.06, dormant: 0.03 };

const CLIENTS = ['C-0012', 'C-0457', 'C-1093', 'C-2210', 'C-3381'];
const ARTICLES = ['ART-100', 'ART-221', 'ART-348', 'ART-512', 'ART-777'];

/** Believable failures of an offline-first app's replicated operations (SQLite on the device). */
function oneError(random: Random): Omit<ReplicationError, 'time'> {
  const order = random.int(1000, 99999);
  const line = random.int(1, 12);
  const insertOrder =
    `INSERT INTO gen_pedidos (ID, CLIENTE, FECHA, IMPORTE, ESTADO) VALUES ` +
    `(${order}, '${random.pick(CLIENTS)}', '${new Date().toISOString().slice(0, 10)}', ` +
    `${random.between(10, 900).toFixed(2)}, 'P')`;
  return random.weighted<Omit<ReplicationError, 'time'>>([
    [{ sql: insertOrder, description: 'UNIQUE constraint failed: gen_pedidos.ID' }, 4],
    [{ sql: insertOrder, description: 'database is locked' }, 3],
    [
      {
        sql: `UPDATE gen_lineas SET CANTIDAD = ${random.int(1, 40)}, DESCUENTO = 0.05 WHERE PEDIDO = ${order} AND LINEA = ${line}`,
        description: 'no such column: DESCUENTO',
      },
      2,
    ],
    [
      {
        sql: `INSERT INTO gen_lineas (PEDIDO, LINEA, ARTICULO, CANTIDAD) VALUES (${order}, ${line}, '${random.pick(ARTICLES)}', ${random.int(1, 40)})`,
        description: 'FOREIGN KEY constraint failed',
      },
      2,
    ],
    [
      {
        sql: `DELETE FROM gen_visitas WHERE ID = ${random.int(1, 5000)}`,
        description: 'attempt to write a readonly database',
      },
      1,
    ],
  ]);
}

/**
 * The replication errors of one sync, usually none; kept by the device until a check-in
 * delivers them.
 */
export function replicationErrors(random: Random, behaviour: Behaviour): ReplicationError[] {
  if (!random.chance(ERROR_CHANCE[behaviour])) return [];
  const count = random.chance(0.8) ? 1 : random.int(2, 4);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    ...oneError(random),
    time: new Date(now - (count - i) * random.int(200, 5000)).toISOString(),
  }));
}

/** What one check-in may carry of the errors waiting; the rest go with the next ones. */
export function errorsToSend(waiting: ReplicationError[]): ReplicationError[] {
  return waiting.slice(0, MAX_CHECKIN_ERRORS);
}
