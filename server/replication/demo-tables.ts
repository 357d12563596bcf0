import { sql } from 'kysely';
import { DEMO_CLIENTS, DEMO_PRODUCTS } from '../../protocol/demo-replica';
import type { Db } from '../db/database';
import type { SandboxProject, SqlSandbox } from '../db/sandbox';
import { DEMO_COMPANY } from '../db/seed';

/**
 * The demo project's application tables, as its LDATA would create them: made by the project's
 * own role (server/db/sandbox.ts), so they are the project's tables like any LDATA's.
 */
const DEMO_LDATA = `
  CREATE TABLE gen_clientes (
    id text PRIMARY KEY, nombre text NOT NULL, ciudad text NOT NULL, telefono text,
    notas text, actualizado timestamptz NOT NULL DEFAULT now());
  CREATE TABLE gen_productos (
    id text PRIMARY KEY, descripcion text NOT NULL, precio numeric(10,2) NOT NULL,
    stock integer NOT NULL DEFAULT 0);
  CREATE TABLE gen_pedidos (
    id text PRIMARY KEY, cliente text NOT NULL, fecha date NOT NULL,
    importe numeric(10,2) NOT NULL, estado text NOT NULL DEFAULT 'P', dispositivo text);
  CREATE TABLE gen_visitas (
    id text PRIMARY KEY, cliente text NOT NULL, fecha timestamptz NOT NULL,
    resultado text NOT NULL, notas text, dispositivo text);
  CREATE TABLE gen_lecturas (
    id text PRIMARY KEY, cliente text NOT NULL, contador text NOT NULL,
    lectura numeric(12,2) NOT NULL, fecha timestamptz NOT NULL, dispositivo text)`;

/** Earlier orders and visits, so that the tables are not empty before the fleet works. */
function history(): { pedidos: unknown[]; visitas: unknown[] } {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  const pedidos = Array.from({ length: 30 }, (_, i) => ({
    id: `P-DEMO-${String(i + 1).padStart(3, '0')}`,
    cliente: DEMO_CLIENTS[(i * 7) % DEMO_CLIENTS.length].id,
    fecha: day(1 + (i % 14))
      .toISOString()
      .slice(0, 10),
    importe: Math.round((25 + ((i * 53.7) % 400)) * 100) / 100,
    estado: i % 6 === 0 ? 'A' : i % 3 === 0 ? 'P' : 'E',
    dispositivo: null,
  }));
  const results = ['Pedido tomado', 'Sin pedido', 'Cerrado', 'Reclamación'];
  const visitas = Array.from({ length: 20 }, (_, i) => ({
    id: `V-DEMO-${String(i + 1).padStart(3, '0')}`,
    cliente: DEMO_CLIENTS[(i * 11) % DEMO_CLIENTS.length].id,
    fecha: day(1 + (i % 10)).toISOString(),
    resultado: results[i % results.length],
    notas: null,
    dispositivo: null,
  }));
  return { pedidos, visitas };
}

/** Creates the tables and their rows in `project` as its role, when gen_clientes is missing. */
export async function createDemoTables(
  sandbox: SqlSandbox,
  project: SandboxProject,
): Promise<void> {
  await sandbox.run(project, async (session) => {
    // Two nodes starting together: the second waits, then finds the tables.
    await session.query('SELECT pg_advisory_xact_lock(727004, $1::int)', [project.numero]);
    const exists = await session.query<{ found: boolean }>(
      `SELECT to_regclass($1) IS NOT NULL AS found`,
      [`${project.schema}.gen_clientes`],
    );
    if (exists.rows[0].found) return;
    for (const statement of DEMO_LDATA.split(';')) await session.query(statement);
    const { pedidos, visitas } = history();
    const fill = (table: string, rows: unknown[]) =>
      session.query(
        `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
        [JSON.stringify(rows)],
      );
    const now = new Date().toISOString();
    await fill(
      'gen_clientes',
      DEMO_CLIENTS.map((client) => ({ ...client, actualizado: now })),
    );
    await fill('gen_productos', DEMO_PRODUCTS);
    await fill('gen_pedidos', pedidos);
    await fill('gen_visitas', visitas);
  });
}

/**
 * The demo project gets its gen_ tables on a new database, and on the first start after this
 * version for a demo seeded before (npm start, DEMO_SEED).
 */
export async function ensureDemoTables(db: Db, sandbox: SqlSandbox): Promise<void> {
  const project = await sql<SandboxProject>`
    SELECT p.numero, p.schema_name AS schema FROM core.projects p
    JOIN core.companies c ON c.id = p.company_id
    WHERE c.name = ${DEMO_COMPANY} AND p.dbname = 'demo' AND NOT p.deleted
      AND p.schema_name ~ '^prj_[0-9]+$'
    ORDER BY p.numero LIMIT 1
  `.execute(db);
  const demo = project.rows[0];
  if (!demo) return;
  // Read first with the application's own connection: a node started beside others that already
  // made them opens no connection as the project's role (its few are shared by every node).
  const made = await sql<{ found: boolean }>`
    SELECT to_regclass(${`${demo.schema}.gen_clientes`}) IS NOT NULL AS found
  `.execute(db);
  if (!made.rows[0].found) await createDemoTables(sandbox, demo);
}
