import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  FilterError,
  filterKind,
  likePattern,
  matchesFilter,
  operatorsFor,
  parseDayRange,
  parseNumber,
  parseRowFilters,
  rowFilterOperSchema,
  type ColumnFilter,
} from '../../../protocol/filters';

const columns = { ID: 'int', OWNER: 'text', PRICE: 'double', SINCRONISMO: 'datetime' };
const parse = (
  rowfilter: Record<string, string | number | null>,
  rowfilteroper: Record<string, number> = {},
  max?: number,
) => parseRowFilters(rowfilter, rowfilteroper, columns, max);
const text = (operator: 1 | 2 | 3 | 4 | 5 | 6, value: string): ColumnFilter => ({
  column: 'OWNER',
  kind: 'text',
  operator,
  value,
});
const numeric = (operator: 7 | 8 | 9 | 10 | 11 | 12, value: number): ColumnFilter => ({
  column: 'ID',
  kind: 'numeric',
  operator,
  value,
});

describe('column kinds and operators', () => {
  it('treats int, integer, float, double and number as numeric, in any case', () => {
    for (const type of ['int', 'integer', 'float', 'double', 'number', 'INT', 'Double'])
      expect(filterKind(type)).toBe('numeric');
    for (const type of ['text', 'varchar', 'nvarchar', 'bigint', 'decimal'])
      expect(filterKind(type)).toBe('text');
    for (const type of ['date', 'datetime', 'timestamp']) expect(filterKind(type)).toBe('date');
  });

  it('offers text operators 1–6 and numeric operators 7–12', () => {
    expect(operatorsFor('text')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(operatorsFor('date')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(operatorsFor('numeric')).toEqual([7, 8, 9, 10, 11, 12]);
  });
});

describe('text operators', () => {
  const cases: [ColumnFilter, string, boolean][] = [
    [text(1, 'garc'), 'Ana GARCÍA', true],
    [text(1, 'garc'), 'Luis', false],
    [text(2, 'garc'), 'Luis', true],
    [text(2, 'garc'), 'ana garcía', false],
    [text(3, 'ana'), 'Ana García', true],
    [text(3, 'garc'), 'Ana García', false],
    [text(4, 'CÍA'), 'Ana García', true],
    [text(4, 'ana'), 'Ana García', false],
    [text(5, 'ANA GARCÍA'), 'ana garcía', true],
    [text(5, 'ana'), 'ana garcía', false],
    [text(6, 'ana'), 'ana garcía', true],
    [text(6, 'ANA'), 'ana', false],
  ];
  it.each(cases)('%o on %s is %s', (filter, cell, expected) => {
    expect(matchesFilter(cell, filter)).toBe(expected);
  });

  it('never matches a row without the value, whatever the operator (002 §5)', () => {
    for (const operator of [1, 2, 3, 4, 5, 6] as const) {
      expect(matchesFilter(null, text(operator, 'x'))).toBe(false);
      expect(matchesFilter(undefined, text(operator, 'x'))).toBe(false);
    }
    for (const operator of [7, 8, 9, 10, 11, 12] as const)
      expect(matchesFilter(null, numeric(operator, 1))).toBe(false);
  });

  it('builds LIKE patterns whose wildcards in the value are escaped', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likePattern(1, 'a%')).toEqual({ pattern: '%a\\%%', negated: false });
    expect(likePattern(2, 'a')).toEqual({ pattern: '%a%', negated: true });
    expect(likePattern(3, 'a_')).toEqual({ pattern: 'a\\_%', negated: false });
    expect(likePattern(4, 'a')).toEqual({ pattern: '%a', negated: false });
    expect(likePattern(5, "o'b")).toEqual({ pattern: "o'b", negated: false });
    expect(likePattern(6, 'a')).toEqual({ pattern: 'a', negated: true });
  });
});

describe('numeric operators', () => {
  const cases: [ColumnFilter, number | string, boolean][] = [
    [numeric(7, 2), 2, true],
    [numeric(7, 2), '2', true],
    [numeric(7, 2), 3, false],
    [numeric(8, 2), 3, true],
    [numeric(8, 2), 2, false],
    [numeric(9, 2.5), 2, true],
    [numeric(9, 2), 2, false],
    [numeric(10, 2), 2, true],
    [numeric(10, 2), 3, false],
    [numeric(11, 2), 3, true],
    [numeric(11, 2), 2, false],
    [numeric(12, 2), 2, true],
    [numeric(12, 2), 1, false],
  ];
  it.each(cases)('%o on %s is %s', (filter, cell, expected) => {
    expect(matchesFilter(cell, filter)).toBe(expected);
  });

  it('parses values as floats and nothing else', () => {
    expect(parseNumber('3')).toBe(3);
    expect(parseNumber(' -2.5 ')).toBe(-2.5);
    expect(parseNumber('2,5')).toBe(2.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber(7)).toBe(7);
    for (const bad of [
      '',
      'abc',
      '1; DROP TABLE',
      '0x10',
      '1e999',
      'NaN',
      'Infinity',
      '1 2',
      Number.NaN,
    ]) {
      expect(parseNumber(bad)).toBeNull();
    }
  });
});

describe('date ranges', () => {
  it('reads a day, a range and open ranges in local days', () => {
    expect(parseDayRange('2026-11-22')).toEqual({
      from: new Date(2026, 10, 22),
      to: new Date(2026, 10, 23),
    });
    expect(parseDayRange('2026-11-01~2026-11-30')).toEqual({
      from: new Date(2026, 10, 1),
      to: new Date(2026, 11, 1),
    });
    expect(parseDayRange('~2026-12-31')).toEqual({ from: null, to: new Date(2027, 0, 1) });
    expect(parseDayRange('2026-11-01~')).toEqual({ from: new Date(2026, 10, 1), to: null });
    for (const bad of ['2026-02-30', '22/11/2026', '~', 'a~b~c', 'yesterday'])
      expect(parseDayRange(bad)).toBeNull();
  });

  it('matches inside the range, or outside it for codes 2 and 6', () => {
    const day = parseDayRange('2026-11-22')!;
    const inside: ColumnFilter = { column: 'SINCRONISMO', kind: 'date', operator: 5, value: day };
    const outside: ColumnFilter = { ...inside, operator: 6 };
    expect(matchesFilter(new Date(2026, 10, 22, 23, 59), inside)).toBe(true);
    expect(matchesFilter(new Date(2026, 10, 23), inside)).toBe(false);
    expect(matchesFilter(new Date(2026, 10, 23), outside)).toBe(true);
    expect(matchesFilter(null, outside)).toBe(false);
  });
});

describe('parseRowFilters', () => {
  it('pairs values with operators and defaults to contains or equals', () => {
    expect(parse({ OWNER: 'ana', ID: '3' }, { ID: 11 })).toEqual([text(1, 'ana'), numeric(11, 3)]);
    expect(parse({ ID: 3 })).toEqual([numeric(7, 3)]);
    expect(parse({ PRICE: '9.5' }, { PRICE: 9 })).toEqual([
      { column: 'PRICE', kind: 'numeric', operator: 9, value: 9.5 },
    ]);
  });

  it('skips empty values and an operator chosen for an empty column', () => {
    expect(parse({ OWNER: '', ID: null }, { OWNER: 3 })).toEqual([]);
  });

  it('refuses what the caller must correct, naming the issue and where', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(FilterError);
        const { issue, values } = error as FilterError;
        return { issue, values };
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(() => parse({ NOPE: 'x' }))).toEqual({
      issue: 'unknownColumn',
      values: { column: 'NOPE' },
    });
    expect(refusal(() => parse({}, { NOPE: 1 })).values).toEqual({ column: 'NOPE' });
    expect(refusal(() => parse({ constructor: 'x' })).values).toEqual({ column: 'constructor' });
    expect(refusal(() => parse({ OWNER: 'x' }, { OWNER: 13 }))).toEqual({
      issue: 'unknownOperator',
      values: { column: 'OWNER', code: 13 },
    });
    expect(refusal(() => parse({ OWNER: 'x' }, { OWNER: 7 }))).toEqual({
      issue: 'textOperatorNeeded',
      values: { column: 'OWNER', code: 7 },
    });
    expect(refusal(() => parse({ ID: '1' }, { ID: 1 }))).toEqual({
      issue: 'numericOperatorNeeded',
      values: { column: 'ID', code: 1 },
    });
    expect(refusal(() => parse({ ID: 'uno' }))).toEqual({
      issue: 'notANumber',
      values: { column: 'ID', value: 'uno' },
    });
    expect(refusal(() => parse({ SINCRONISMO: 'hoy' }))).toEqual({
      issue: 'notADate',
      values: { column: 'SINCRONISMO' },
    });
    expect(refusal(() => parse({ OWNER: 'a', ID: 1 }, {}, 1))).toEqual({
      issue: 'tooManyFilters',
      values: { count: 2, max: 1 },
    });
  });

  it('reads operator codes sent as strings', () => {
    expect(rowFilterOperSchema.parse({ OWNER: '3', ID: 12 })).toEqual({ OWNER: 3, ID: 12 });
    expect(rowFilterOperSchema.safeParse({ OWNER: 'contains' }).success).toBe(false);
  });
});
