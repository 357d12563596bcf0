import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatDecimal,
  isIdentifierName,
  numberValue,
  parseNumber,
  plainDigits,
  type Language,
} from '../../../src/i18n/numbers';

const LANGUAGES: Language[] = ['es', 'en'];
const language = fc.constantFrom(...LANGUAGES);

/** A decimal text as PostgreSQL writes a numeric: any number of digits, no exponent. */
const decimal = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^(0|[1-9]\d{0,24})$/),
    fc.stringMatching(/^(\d{0,11}[1-9])?$/),
  )
  .map(([negative, int, fraction]) => {
    const body = fraction ? `${int}.${fraction}` : int;
    return negative && body !== '0' ? `-${body}` : body;
  });

const read = (text: string, lang: Language) => {
  const parsed = parseNumber(text, lang);
  return parsed.ok ? parsed.decimal : parsed.reason;
};

describe('numbers typed and shown in the console language', () => {
  it('reads back every digit of what it shows, grouped or not, in both languages', () => {
    fc.assert(
      fc.property(decimal, language, (value, lang) => {
        expect(read(formatDecimal(value, lang), lang)).toBe(value);
        // Grouped (as counts are shown) it reads the same, or is refused: never another number.
        const grouped = parseNumber(formatDecimal(value, lang, { grouping: true }), lang);
        if (grouped.ok) expect(grouped.decimal).toBe(value);
        else expect(grouped.reason).toBe('ambiguous');
      }),
    );
  });

  it('round-trips every JavaScript number through the form value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), language, (n, lang) => {
        const parsed = parseNumber(formatDecimal(n, lang), lang);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(Number(numberValue(parsed.decimal))).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('keeps the digits of a big integer beyond 2^53 as text', () => {
    const big = '1795909023330000123';
    expect(numberValue(big)).toBe(big);
    expect(formatDecimal(big, 'es')).toBe(big);
    expect(formatDecimal(big, 'en', { grouping: true })).toBe('1,795,909,023,330,000,123');
    expect(numberValue('3.25')).toBe(3.25);
    expect(plainDigits(1e21)).toBe('1000000000000000000000');
    expect(plainDigits(-1.5e-7)).toBe('-0.00000015');
  });

  it('reads a comma or a point as the decimal separator in Spanish, the point in English', () => {
    expect(read('3,25', 'es')).toBe('3.25');
    expect(read('1,30', 'es')).toBe('1.3');
    expect(read('3.25', 'es')).toBe('3.25');
    expect(read('3.25', 'en')).toBe('3.25');
    expect(read(' -0,5 ', 'es')).toBe('-0.5');
    expect(read(',5', 'es')).toBe('0.5');
    expect(read('1.234,5', 'es')).toBe('1234.5');
    expect(read('1.234.567', 'es')).toBe('1234567');
    expect(read('1 234,5', 'es')).toBe('1234.5');
    expect(read('0.125', 'es')).toBe('0.125');
    expect(read('1,234.5', 'en')).toBe('1234.5');
    expect(read('1,234', 'en')).toBe('1234');
  });

  it('refuses what it cannot read, and a thousands point that could be a decimal one', () => {
    expect(read('1.234', 'es')).toBe('ambiguous');
    expect(read('12.345', 'es')).toBe('ambiguous');
    expect(read('3,25', 'en')).toBe('grouping');
    expect(read('1,30', 'en')).toBe('grouping');
    expect(read('1,234.5', 'es')).toBe('grouping');
    expect(read('1,2,3', 'es')).toBe('grouping');
    expect(read('1.23.4', 'es')).toBe('grouping');
    expect(read('12,34,567', 'en')).toBe('grouping');
    for (const text of ['', 'abc', '1e5', '3,', '--1', '1.2.3', '0x10', '½', '3 €'])
      expect(read(text, 'en')).not.toMatch(/^-?\d/);
    for (const text of ['', 'abc', '1e5', '3,', '--1', '1,2e3', '0x10', '3 €'])
      expect(read(text, 'es')).not.toMatch(/^-?\d/);
  });

  it('never reads a text with a separator in an ambiguous place as another magnitude', () => {
    // Any digits with separators and spaces sprinkled in: what is read keeps the digits in order
    // and a decimal separator that stands where one was typed.
    const typed = fc
      .array(fc.constantFrom('0', '1', '2', '5', '9', '.', ',', ' '), {
        minLength: 1,
        maxLength: 14,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(typed, language, (text, lang) => {
        const parsed = parseNumber(text, lang);
        if (!parsed.ok) return;
        const digitsTyped = text.replace(/\D/g, '').replace(/^0+/, '');
        const digitsRead = parsed.decimal.replace(/\D/g, '').replace(/^0+/, '');
        expect(digitsTyped.startsWith(digitsRead) || digitsTyped === digitsRead).toBe(true);
        expect(digitsTyped.slice(digitsRead.length)).toMatch(/^0*$/);
        // The integer part has as many digits as were typed before the decimal separator.
        const separator = lang === 'en' ? text.lastIndexOf('.') : decimalIndex(text);
        const before = (separator < 0 ? text : text.slice(0, separator)).replace(/\D/g, '');
        const int = parsed.decimal.replace(/^-/, '').split('.')[0];
        expect(int).toBe(before.replace(/^0+(?=\d)/, '') || '0');
      }),
      { numRuns: 2000 },
    );
  });

  it('shows numbers in the language with every digit, identifiers never grouped', () => {
    expect(formatDecimal(3.1, 'es')).toBe('3,1');
    expect(formatDecimal('3.10', 'es')).toBe('3,10');
    expect(formatDecimal(1234567.5, 'es', { grouping: true })).toBe('1.234.567,5');
    expect(formatDecimal(1234, 'es', { grouping: true })).toBe('1234');
    expect(formatDecimal(1234567.5, 'en', { grouping: true })).toBe('1,234,567.5');
    expect(formatDecimal('abc', 'es')).toBe('abc');
    for (const name of ['ID', 'MID', 'LASTID', 'LASTDMID', 'LASTCID', 'IQID', 'idusr', 'numero'])
      expect(isIdentifierName(name)).toBe(true);
    for (const name of ['PENDING', 'devices', 'PRICE', 'licences'])
      expect(isIdentifierName(name)).toBe(false);
  });
});

/** Where Spanish puts the decimal separator of a text it read: the comma, or a lone point. */
function decimalIndex(text: string): number {
  if (text.includes(',')) return text.indexOf(',');
  return text.split('.').length === 2 ? text.indexOf('.') : -1;
}
