import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The factory (src/resources) knows no bespoke part: src/custom imports it, never the other way
// (bespoke slots reach the factory through ResourceSlotsProvider, src/resources/slots.ts).
const SRC = path.resolve(__dirname, '../../../src');
const RESOURCES = path.join(SRC, 'resources');
const CUSTOM = path.join(SRC, 'custom');
const IMPORT = /(?:from|import\(?)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function resolved(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((match) => resolved(file, match[1]) ?? []);
}

const inCustom = (file: string) => file.startsWith(CUSTOM + path.sep);

describe('src/resources and src/custom', () => {
  it('no file of src/resources imports src/custom', () => {
    const found = sourceFiles(RESOURCES).flatMap((file) =>
      imports(file)
        .filter(inCustom)
        .map((target) => `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`),
    );
    expect(found).toEqual([]);
  });

  it('nor reaches it through another folder', () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const queue = sourceFiles(RESOURCES);
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const target of imports(file)) {
        if (inCustom(target))
          reached.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
        else if (target.startsWith(SRC + path.sep)) queue.push(target);
      }
    }
    expect(reached).toEqual([]);
  });
});
