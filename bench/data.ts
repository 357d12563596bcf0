import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { withBenchServer } from './bench-server';
import { adminToken } from './commands';
import { provisionBench } from './data-provision';

/**
 * `npm run bench -- data`: the table browser's data grid (docs/data-tools.md) on a `gen_` table
 * of BENCH_ROWS (1,000,000) rows, through the services API of one node in this process
 * (embedded PostgreSQL in a temporary folder): the first page, deep pages, a sort, and filters,
 * BENCH_RUNS (30) times each; prints each one's p50 and p95 (target p95 < 50 ms). Then the
 * database provision of bench/data-provision.ts.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const percentile = (times: number[], p: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * p))];

export async function run(): Promise<void> {
  await withBenchServer('data', async ({ config, database, db, url, project: demo }) => {
    const project = { numero: demo.numero, schema_name: demo.schema };
    const sandboxProject = { numero: project.numero, schema: project.schema_name };
    let started = performance.now();
    await database.sandbox.run(sandboxProject, async (s) => {
      await s.query(`SET LOCAL statement_timeout = 0`);
      await s.query(`
        CREATE TABLE gen_bench (
          id integer PRIMARY KEY, nombre text NOT NULL, ciudad text NOT NULL,
          importe numeric(10,2) NOT NULL, fecha timestamptz NOT NULL)`);
      await s.query(
        `INSERT INTO gen_bench
         SELECT n, 'Cliente ' || n, (ARRAY['Madrid','Bilbao','Sevilla','Valencia','Soria'])[1 + n % 5],
                (n % 1000) + 0.5, now() - n * interval '1 minute'
         FROM generate_series(1, $1::int) n`,
        [ROWS],
      );
    });
    // The table at rest, as autovacuum leaves it after a bulk load: statistics and the
    // visibility map (the deferred join of later pages reads the key index alone).
    await sql`VACUUM ANALYZE ${sql.id(project.schema_name, 'gen_bench')}`.execute(db);
    console.log(`${ROWS} rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const token = await adminToken(db, config);
    const call = async (parameter: Record<string, unknown>) => {
      const response = await fetch(`${url}/api/services`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          operation: 'tablesData',
          parameter: { database: project.numero, filter: 'gen_bench', ...parameter },
        }),
      });
      const body = (await response.json()) as {
        error: { code: string; description: string };
        result: { recordsTotal: number; recordsEstimated: boolean; Datas: unknown[] };
      };
      if (body.error.code !== '0') throw new Error(body.error.description);
      return body.result;
    };
    const cases: [string, Record<string, unknown>][] = [
      ['first page (100 rows)', {}],
      ['page 101 (offset 10,000)', { datatable: { start: 10_000, length: 100 } }],
      ['deep page (offset 500,000)', { datatable: { start: 500_000, length: 100 } }],
      [
        'first page sorted desc (the last rows)',
        { datatable: { start: 0, length: 100, orderDir: 'desc' } },
      ],
      [
        'sorted by an unindexed column',
        { datatable: { start: 0, length: 100, orderBy: 'nombre' } },
      ],
      ['filter ciudad contains "bil"', { rowfilter: { ciudad: 'bil' } }],
      ['filter importe > 990', { rowfilter: { importe: 990 }, rowfilteroper: { importe: 11 } }],
      ['filter id = 777777 (key)', { rowfilter: { id: 777_777 } }],
    ];
    console.log(`case | p50 ms | p95 ms | recordsTotal`);
    for (const [name, parameter] of cases) {
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof call>> | null = null;
      for (let i = 0; i < RUNS + 2; i++) {
        started = performance.now();
        last = await call(parameter);
        if (i >= 2) times.push(performance.now() - started); // two warm-up calls
      }
      const total = `${last!.recordsTotal}${last!.recordsEstimated ? ' (estimate)' : ''}`;
      console.log(
        `${name} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${total}`,
      );
    }
  });
  if (process.env.BENCH_PROVISION !== 'false') await provisionBench();
}
