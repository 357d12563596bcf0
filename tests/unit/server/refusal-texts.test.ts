import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FilterError, parseRowFilters } from '../../../protocol/filters';
import { areaTexts, fillText, firstOf } from '../../../server/services/area-texts';
import { deviceRefusal } from '../../../server/services/devices/texts';
import { ServiceError } from '../../../server/services/registry';

const services = fileURLToPath(new URL('../../../server/services', import.meta.url));

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('server refusals', () => {
  it('are never a fixed text: every ServiceError of the services comes from a texts file', () => {
    // A literal ('…', "…" or `…`) as the first argument, on the same line or the next, is a
    // text in one language only.
    const literal = /new\s+ServiceError\(\s*['"`]/g;
    const offenders = sourcesUnder(services).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(literal)].map((match) => {
        const line = source.slice(0, match.index).split('\n').length;
        return `${path.relative(services, file)}:${line}`;
      });
    });
    expect(offenders).toEqual([]);
  });

  it('answer in English to an English reader and in Spanish to anyone else', () => {
    const texts = areaTexts({
      es: { gone: 'El fichero {path} no existe.' },
      en: { gone: 'The file {path} does not exist.' },
    });
    const refusal = texts.refusal({ language: 'en' }, 'gone', { path: 'a/b' });
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal.message).toBe('The file a/b does not exist.');
    expect(texts.refusal({ language: 'es' }, 'gone', { path: 'a/b' }).message).toBe(
      'El fichero a/b no existe.',
    );
    expect(texts.refusal({ language: 'fr' }, 'gone').message).toBe('El fichero  no existe.');
  });

  it('fill their places and name the first few of a long list', () => {
    expect(fillText('{a} de {b}', { a: 1, b: 'dos' })).toBe('1 de dos');
    expect(firstOf([1, 2, 3])).toBe('1, 2, 3');
    expect(firstOf(['a', 'b', 'c'], 2)).toBe('a, b…');
  });

  it('word every filter issue in both languages', () => {
    const columns = { ID: 'int', OWNER: 'text', SINCRONISMO: 'datetime' };
    const cases: [() => unknown, string, string][] = [
      [
        () => parseRowFilters({ NOPE: 'x' }, {}, columns),
        'No se puede filtrar por la columna NOPE: no existe en esta lista.',
        'Cannot filter by column NOPE: this list has no such column.',
      ],
      [
        () => parseRowFilters({ OWNER: 'x' }, { OWNER: 13 }, columns),
        'Operador de filtro desconocido 13 en la columna OWNER (válidos: 1 a 12).',
        'Unknown filter operator 13 on column OWNER (valid: 1 to 12).',
      ],
      [
        () => parseRowFilters({ ID: '1' }, { ID: 1 }, columns),
        'La columna ID es numérica: use un operador numérico (7 a 12), no el 1.',
        'Column ID is numeric: use a numeric operator (7 to 12), not 1.',
      ],
      [
        () => parseRowFilters({ ID: 'uno' }, {}, columns),
        'La columna ID es numérica y el filtro «uno» no es un número.',
        'Column ID is numeric and the filter "uno" is not a number.',
      ],
      [
        () => parseRowFilters({ OWNER: 'x' }, { OWNER: 7 }, columns),
        'La columna OWNER no es numérica: use un operador de texto (1 a 6), no el 7.',
        'Column OWNER is not numeric: use a text operator (1 to 6), not 7.',
      ],
      [
        () => parseRowFilters({ SINCRONISMO: 'hoy' }, {}, columns),
        'La columna SINCRONISMO es una fecha: indique un día (AAAA-MM-DD) o un intervalo desde~hasta.',
        'Column SINCRONISMO is a date: give a day (YYYY-MM-DD) or a range from~to.',
      ],
      [
        () => parseRowFilters({ OWNER: 'a', ID: 1 }, {}, columns, 1),
        'Demasiados filtros por columna: 2 (máximo 1).',
        'Too many column filters: 2 (at most 1).',
      ],
    ];
    for (const [run, spanish, english] of cases) {
      const error = (() => {
        try {
          run();
        } catch (caught) {
          return caught;
        }
        throw new Error(`expected a refusal: ${spanish}`);
      })();
      expect(error).toBeInstanceOf(FilterError);
      const { issue, values } = error as FilterError;
      expect(deviceRefusal({ language: 'es' }, issue, values).message).toBe(spanish);
      expect(deviceRefusal({ language: 'en' }, issue, values).message).toBe(english);
    }
  });
});
