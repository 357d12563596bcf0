// `node scripts/vendor-icons.mjs`: writes vendor/mui-icons, the icons of @mui/icons-material that
// the console and react-admin import, as a package of the same name that package.json installs
// from there. The whole package is 43,000 files (175 MB), half of what `npm start`'s install wrote
// to disk; these are some 130 (docs/decisions.md, "npm start in under a minute").
// Run it after importing an icon that is not there yet: tests/unit/scripts/vendoredIcons.test.ts
// names the missing ones. It fetches the package with `npm pack` (the npm cache or the registry).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const VENDOR_DIR = path.join(root, 'vendor', 'mui-icons');
/** The version vendored; the peer ranges of react-admin and ra-ui-materialui accept it. */
export const ICONS_VERSION = '7.3.11';

const IMPORT = /['"]@mui\/icons-material\/([A-Za-z0-9]+)['"]/g;

function filesUnder(dir, matches) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, matches);
    return matches.test(entry.name) ? [full] : [];
  });
}

/** Every icon imported by the console's sources and by react-admin's ESM build. */
export function importedIcons() {
  const sources = [
    ...['src', 'protocol', 'tests'].flatMap((dir) =>
      filesUnder(path.join(root, dir), /\.(ts|tsx|js|mjs)$/),
    ),
    ...['ra-ui-materialui', 'react-admin'].flatMap((name) =>
      filesUnder(path.join(root, 'node_modules', name, 'dist'), /\.js$/),
    ),
  ];
  const names = new Set();
  for (const file of sources) {
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) names.add(name);
  }
  return [...names].sort();
}

function packageJson() {
  return {
    name: '@mui/icons-material',
    version: ICONS_VERSION,
    description:
      'The icons of @mui/icons-material that Flota and react-admin use (scripts/vendor-icons.mjs)',
    license: 'MIT',
    type: 'module',
    sideEffects: false,
    exports: { './*': { types: './esm/*.d.ts', default: './esm/*.js' } },
    peerDependencies: {
      '@mui/material': `^${ICONS_VERSION}`,
      react: '^17.0.0 || ^18.0.0 || ^19.0.0',
    },
  };
}

function main() {
  const names = importedIcons();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-icons-'));
  try {
    execFileSync('npm', ['pack', `@mui/icons-material@${ICONS_VERSION}`, '--silent'], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = fs.readdirSync(work).find((name) => name.endsWith('.tgz'));
    execFileSync('tar', ['-xzf', tarball], { cwd: work });
    const source = path.join(work, 'package');
    fs.rmSync(VENDOR_DIR, { recursive: true, force: true });
    fs.mkdirSync(path.join(VENDOR_DIR, 'esm', 'utils'), { recursive: true });
    fs.copyFileSync(path.join(source, 'LICENSE'), path.join(VENDOR_DIR, 'LICENSE'));
    fs.copyFileSync(
      path.join(source, 'esm', 'utils', 'createSvgIcon.js'),
      path.join(VENDOR_DIR, 'esm', 'utils', 'createSvgIcon.js'),
    );
    for (const name of names) {
      fs.copyFileSync(
        path.join(source, 'esm', `${name}.js`),
        path.join(VENDOR_DIR, 'esm', `${name}.js`),
      );
      fs.copyFileSync(
        path.join(source, `${name}.d.ts`),
        path.join(VENDOR_DIR, 'esm', `${name}.d.ts`),
      );
    }
    fs.writeFileSync(
      path.join(VENDOR_DIR, 'package.json'),
      `${JSON.stringify(packageJson(), null, 2)}\n`,
    );
    console.log(`${names.length} icons of @mui/icons-material ${ICONS_VERSION} in ${VENDOR_DIR}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) main();
