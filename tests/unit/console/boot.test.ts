import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PreviousLocationStorageKey } from 'ra-core';
import { PREVIOUS_LOCATION_KEY } from '../../../src/authProvider/previousLocation';

/**
 * The boot script (src/boot/boot.ts, index.html's only script) must stay a few KB: the files
 * it imports statically may import no package at all (React, react-admin, MUI, oidc-client-ts
 * come with the app, src/main.tsx, which it imports dynamically). `npm run bench -- console`
 * prints its bytes.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms;

/** Every file the boot script loads with it, and the packages they import. */
function bootGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, , specifier] of source.matchAll(STATIC_IMPORT)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = path.resolve(path.dirname(file), specifier);
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(fs.existsSync);
      if (!found) throw new Error(`${file}: cannot resolve ${specifier}`);
      visit(found);
    }
  };
  visit(path.join(root, entry));
  return { files: [...files].map((file) => path.relative(root, file)), packages: [...packages] };
}

describe('the boot script', () => {
  it('is what index.html loads', () => {
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/src/boot/boot.ts',
    ]);
  });

  it('imports no package: no React, react-admin, MUI or oidc-client-ts before the redirect', () => {
    const { files, packages } = bootGraph('src/boot/boot.ts');
    expect(files).toContain('src/boot/signInRedirect.ts');
    expect(files).toContain('src/config.ts');
    expect(packages).toEqual([]);
    expect(files).not.toContain('src/main.tsx');
    expect(files.length).toBeLessThan(12);
  });

  it("remembers the location under react-admin's own key", () => {
    expect(PREVIOUS_LOCATION_KEY).toBe(PreviousLocationStorageKey);
  });
});
