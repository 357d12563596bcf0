import type { Bus } from './bus';

// Service operations receive the database handle (OperationContext), not the app, so the
// node's bus is found from that handle: the device API attaches it when it starts.
const buses = new WeakMap<object, Bus>();

export function attachBus(db: object, bus: Bus): void {
  buses.set(db, bus);
}

export function detachBus(db: object, bus: Bus): void {
  if (buses.get(db) === bus) buses.delete(db);
}

/** The bus of the app serving `db`; null when no device API runs on it (scripts, some tests). */
export function busOf(db: object): Bus | null {
  return buses.get(db) ?? null;
}
