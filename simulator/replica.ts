import { DEMO_CLIENTS, DEMO_PRODUCTS } from '../protocol/demo-replica';
import { ALL_DEVICES } from '../protocol/replication';
import { ProtocolError, type DeviceClient } from './client';
import type { DeviceProfile } from './profile';
import type { Random } from './random';
import { LocalReplica, type Row, type SyncSummary } from './replica-store';

/** The key of each gen_ table of the demo project (server/replication/demo-tables.ts). */
const KEYS = {
  gen_clientes: ['id'],
  gen_productos: ['id'],
  gen_pedidos: ['id'],
  gen_visitas: ['id'],
  gen_lecturas: ['id'],
};
/** The device's own rows it keeps per table; older ones are dropped from its copy (not deleted). */
const OWN_ROWS_KEPT = 50;
/** Changes per hour of work, by kind. */
const RATES = { order: 2.5, visit: 3, reading: 1.5, customer: 0.4, stock: 0.6 };
/** The most hours of work a device makes up for after a long absence. */
const MAX_HOURS = 3;

const VISIT_RESULTS = ['Pedido tomado', 'Sin pedido', 'Cerrado', 'Reclamación', 'Volver otro día'];
const NOTES = [
  'Entregar por la mañana',
  'Pagar al contado',
  'Cambio de encargado',
  'Descarga por la puerta trasera',
  'Pide factura mensual',
  null,
];

/**
 * A simulated device's data: its copy of the demo project's gen_ tables and the work that
 * changes it — orders, visits and meter readings of its own (rows for itself) and now and then a
 * customer's phone or notes or a product's stock (rows for every device, 9999). Changes are made
 * while offline too; they replicate at the next sync (docs/replication.md, "The simulator").
 * Flaky devices run an app with two bugs, so errors show: order numbers that restart (duplicate
 * keys other devices used) and a reading typed as text ('N/D' in a numeric column).
 */
export class DeviceReplica {
  readonly local = new LocalReplica(KEYS);
  /** The project has no such tables (not the demo project): the device does not replicate. */
  off = false;
  syncs = 0;
  private orders = 0;
  private readonly own: Record<string, string[]> = {
    gen_pedidos: [],
    gen_visitas: [],
    gen_lecturas: [],
  };

  constructor(
    private readonly profile: DeviceProfile,
    private readonly random: Random,
  ) {
    this.local.seed(
      'gen_clientes',
      DEMO_CLIENTS.map((client) => ({ ...client })),
    );
    this.local.seed(
      'gen_productos',
      DEMO_PRODUCTS.map((product) => ({ ...product })),
    );
  }

  private get buggy(): boolean {
    return this.profile.behaviour === 'flaky';
  }

  /** The changes of `seconds` of work (a Poisson-like count per kind). */
  work(seconds: number): void {
    if (this.off || seconds <= 0) return;
    const hours = Math.min(seconds / 3600, MAX_HOURS);
    for (const [kind, rate] of Object.entries(RATES) as [keyof typeof RATES, number][]) {
      let expected = rate * hours;
      while (expected > 0) {
        if (this.random.chance(Math.min(expected, 1))) this.change(kind);
        expected -= 1;
      }
    }
  }

  private customer(): { id: string } | undefined {
    const row = this.random.pick(this.local.rows('gen_clientes'));
    return row ? { id: String(row.id) } : undefined;
  }

  private keep(table: string, id: string): void {
    const list = this.own[table];
    list.push(id);
    if (list.length > OWN_ROWS_KEPT) this.local.forget(table, { id: list.shift()! });
  }

  private change(kind: keyof typeof RATES): void {
    const now = new Date();
    const mid = this.profile.mid;
    const customer = this.customer();
    if (!customer) return;
    switch (kind) {
      case 'order': {
        const lines = this.random.int(1, 6);
        let importe = 0;
        for (let i = 0; i < lines; i++) {
          importe +=
            Number(this.random.pick(this.local.rows('gen_productos')).precio) *
            this.random.int(1, 24);
        }
        const restarted = this.buggy && this.random.chance(0.2);
        const id = restarted
          ? `P-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${this.random.int(1, 40)}`
          : `P-${mid.slice(-8)}-${++this.orders}-${now.getTime().toString(36)}`;
        const row = {
          id,
          cliente: customer.id,
          fecha: now.toISOString().slice(0, 10),
          importe: Math.round(importe * 100) / 100,
          estado: 'P',
          dispositivo: mid,
        };
        if (this.local.change('gen_pedidos', 'insert', row, mid, now)) this.keep('gen_pedidos', id);
        return;
      }
      case 'visit': {
        const id = `V-${mid.slice(-8)}-${now.getTime().toString(36)}`;
        const row = {
          id,
          cliente: customer.id,
          fecha: now.toISOString(),
          resultado: this.random.pick(VISIT_RESULTS),
          notas: this.random.chance(0.3) ? this.random.pick(NOTES) : null,
          dispositivo: mid,
        };
        if (this.local.change('gen_visitas', 'insert', row, mid, now)) this.keep('gen_visitas', id);
        return;
      }
      case 'reading': {
        const id = `L-${mid.slice(-8)}-${now.getTime().toString(36)}`;
        const typo = this.buggy && this.random.chance(0.15);
        const row = {
          id,
          cliente: customer.id,
          contador: `AG-${customer.id.slice(2)}`,
          lectura: typo ? 'N/D' : Math.round(this.random.between(100, 9000) * 100) / 100,
          fecha: now.toISOString(),
          dispositivo: mid,
        };
        if (this.local.change('gen_lecturas', 'insert', row, mid, now))
          this.keep('gen_lecturas', id);
        return;
      }
      case 'customer': {
        const values: Row = this.random.chance(0.5)
          ? { notas: this.random.pick(NOTES) }
          : { telefono: `6${this.random.digits(8)}` };
        this.local.change(
          'gen_clientes',
          'update',
          { id: customer.id, ...values, actualizado: now.toISOString() },
          ALL_DEVICES,
          now,
        );
        return;
      }
      case 'stock': {
        const product = this.random.pick(this.local.rows('gen_productos'));
        const stock = Math.max(0, Number(product.stock) - this.random.int(1, 12));
        this.local.change('gen_productos', 'update', { id: product.id, stock }, ALL_DEVICES, now);
        return;
      }
    }
  }

  /**
   * Sends the changes made and applies what the server sends. A project without these tables
   * refuses the operations (400): the device stops replicating rather than retrying them.
   * Throws the protocol's other errors (401/410: no longer enrolled; others: next time).
   */
  async sync(client: DeviceClient, mid: string, credential: string): Promise<SyncSummary | null> {
    if (this.off) return null;
    try {
      const summary = await this.local.sync((request) => client.replica(mid, credential, request));
      this.syncs++;
      return summary;
    } catch (error) {
      if (error instanceof ProtocolError && error.status === 400) {
        this.off = true;
        this.local.pending.length = 0;
        return null;
      }
      throw error;
    }
  }
}
