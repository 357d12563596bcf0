/**
 * `npm run bench -- <name>`: runs one benchmark and prints its figures. Benchmarks print, they
 * do not assert: the figures go into the notes and docs/decisions.md.
 */
const benches: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  devices: () => import('./devices'),
  checkins: () => import('./checkins'),
  commands: () => import('./commands'),
  nodes: () => import('./nodes'),
  console: () => import('./console'),
  start: () => import('./start'),
  fleet: () => import('./fleet'),
  replication: () => import('./replication'),
  statistics: () => import('./statistics'),
  updates: () => import('./updates'),
  data: () => import('./data'),
  live: () => import('./live'),
  engine: () => import('./engine'),
  mdm: () => import('./mdm'),
  kiosk: () => import('./kiosk'),
};

const bench = process.argv[2];
const load = bench ? benches[bench] : undefined;
if (!load) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await (await load()).run();

export {};
