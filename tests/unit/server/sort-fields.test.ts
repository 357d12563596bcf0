import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../server/services/registry';
import { checkSortName, sortBy, sortFields } from '../../../server/services/sort-fields';

const SORTS = sortFields({ name: 'NAME', created: 'CREATED' });
const es = { language: 'es' };
const en = { language: 'en' };

describe('sortBy', () => {
  it("answers a field's column, and the list's own order when none is asked for", () => {
    expect(sortBy(es, SORTS, 'created', 'NAME')).toBe('CREATED');
    expect(sortBy(es, SORTS, undefined, 'NAME')).toBe('NAME');
    expect(sortBy(es, SORTS, '', 'NAME')).toBe('NAME');
  });

  it('refuses any other name, those every object answers included, in the reader’s language', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'NAME']) {
      expect(() => sortBy(es, SORTS, name, 'NAME')).toThrow(ServiceError);
      expect(() => sortBy(es, SORTS, name, 'NAME')).toThrow(
        `No se puede ordenar por «${name}»: esta lista se ordena por name, created.`,
      );
    }
    expect(() => sortBy(en, SORTS, 'toString', 'NAME')).toThrow(
      'Cannot sort by "toString": this list sorts by name, created.',
    );
    expect(() => checkSortName(es, ['ID'], 'constructor')).toThrow(ServiceError);
    expect(() => checkSortName(es, ['ID'], 'ID')).not.toThrow();
  });
});
