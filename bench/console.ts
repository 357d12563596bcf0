import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { homeInChromium, type Fetched } from './consoleBrowser';
import { calibration } from './calibration';
import {
  bytesByPackage,
  chunkFor,
  staticClosure,
  weigh,
  type BuiltChunk,
  type Weight,
} from './consoleGraph';

/**
 * `npm run bench -- console`: builds the console into a temporary folder and prints the script
 * bytes (raw, gzip, brotli) of its two first paths, from the build's own chunk graph:
 * - boot: what index.html loads, all a browser without a session fetches before it is sent
 *   to the sign-in page;
 * - home: boot, the app (src/main.tsx) and the home screen with their static imports, the
 *   scripts a signed-in user waits for until home is usable. Chunks home imports lazily (the
 *   project picker, MUI's Tooltip, English messages) come after and are listed apart.
 * Bytes are what the server sends: the brotli (or gzip) twin, or the file itself under 1 KB.
 * Then the largest packages on the home path: what to move out when it grows.
 */
const BOOT = 'index.html';
const APP = 'src/main.tsx';
const HOME = 'src/custom/home/Home.tsx';

function recordChunks(into: BuiltChunk[]): Plugin {
  return {
    name: 'bench-record-chunks',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into.push({
          fileName: output.fileName,
          code: output.code,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, info]) => [id, info.renderedLength]),
          ),
        });
      }
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label: string, weight: Weight) =>
  `${label.padEnd(34)} ${String(weight.files).padStart(3)} files  ${kb(weight.raw).padStart(10)} raw  ${kb(weight.gzip).padStart(9)} gzip  ${kb(weight.brotli).padStart(9)} brotli`;

const root = path.resolve(import.meta.dirname, '..');

/** The scripts Chromium asked for before home was usable and after, weighed as built. */
function printBrowser(
  chunks: BuiltChunk[],
  { before, after, usableMs }: { before: Fetched[]; after: Fetched[]; usableMs: number },
) {
  const byPath = new Map(chunks.map((chunk) => [`/${chunk.fileName}`, chunk]));
  const known = (fetched: Fetched[]) =>
    [...new Set(fetched.map((entry) => entry.path))]
      .map((name) => byPath.get(name))
      .filter((chunk) => chunk !== undefined);
  const first = known(before);
  const later = known(after).filter((chunk) => !first.includes(chunk));
  console.log(
    `\nhome in Chromium, signed in (usable after ${(usableMs / 1000).toFixed(1)} s here):`,
  );
  console.log(line('  scripts until home is usable', weigh(first)));
  console.log(line('  scripts after', weigh(later)));
  for (const chunk of [...first].sort((a, b) => b.code.length - a.code.length).slice(0, 8)) {
    console.log(`    ${line(chunk.fileName, weigh([chunk]))}`);
  }
}

export async function run(): Promise<void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-console-'));
  const chunks: BuiltChunk[] = [];
  let browser: Awaited<ReturnType<typeof homeInChromium>> | null = null;
  try {
    await build({
      root,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins: [recordChunks(chunks)],
    });
    // BENCH_BROWSER=0 for the chunk graph alone (no Chromium on the machine).
    if (process.env.BENCH_BROWSER !== '0') {
      console.log(calibration());
      browser = await homeInChromium(outDir);
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }

  const bootEntry = chunkFor(chunks, BOOT);
  if (!bootEntry) throw new Error(`no chunk stands for ${BOOT}`);
  const boot = staticClosure(chunks, [bootEntry]);
  const homeStart = [bootEntry, chunkFor(chunks, APP), chunkFor(chunks, HOME)];
  const home = staticClosure(
    chunks,
    homeStart.filter((chunk) => chunk !== undefined),
  );
  const onHomePath = new Set(home.map((chunk) => chunk.fileName));
  // Home's own lazy parts, when home is a chunk of its own (otherwise its chunk is the app's,
  // whose lazy parts are every other screen).
  const homeChunk = chunkFor(chunks, HOME);
  const homeLazy = homeChunk && homeChunk !== chunkFor(chunks, APP) ? homeChunk.dynamicImports : [];
  const later = staticClosure(
    chunks,
    chunks.filter((chunk) => homeLazy.includes(chunk.fileName)),
  ).filter((chunk) => !onHomePath.has(chunk.fileName));

  console.log(`console scripts (${chunks.length} chunks built)`);
  console.log(line('boot: until the sign-in redirect', weigh(boot)));
  console.log(line('home: until home is usable', weigh(home)));
  console.log(line('all scripts of the build', weigh(chunks)));
  if (browser) printBrowser(chunks, browser);
  console.log(`\nhome path files:`);
  for (const chunk of [...home].sort((a, b) => b.code.length - a.code.length)) {
    console.log(`  ${line(chunk.fileName, weigh([chunk]))}`);
  }
  if (later.length > 0) {
    console.log(
      `\nlazy from the home screen (project picker, hints): ${kb(weigh(later).brotli)} brotli`,
    );
  }
  console.log(`\nlargest packages on the home path (rendered, before compression):`);
  for (const [name, bytes] of bytesByPackage(home).slice(0, 15)) {
    console.log(`  ${name.padEnd(34)} ${kb(bytes).padStart(10)}`);
  }
  console.log(`\nlargest app modules on the home path (rendered, before compression):`);
  const appModules = home
    .flatMap((chunk) => Object.entries(chunk.modules))
    .filter(([id]) => !id.includes('node_modules') || process.env.BENCH_MODULES === 'all')
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.BENCH_MODULES_TOP ?? 25));
  for (const [id, bytes] of appModules) {
    console.log(`  ${path.relative(root, id).padEnd(60)} ${kb(bytes).padStart(10)}`);
  }
}
