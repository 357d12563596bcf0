/**
 * The one rule per language for dates and numbers everywhere in the console (issue 17, defect
 * 8): dates day first in Spanish and month first in English (001 §3 MM/dd/yyyy), always with the
 * four-digit year, times to the minute unless seconds are asked for; numbers with the language's
 * separators (a latitude reads 40,41650 in Spanish and 40.41650 in English on every screen).
 */
export type Language = 'es' | 'en';

/** The console's language as an Intl locale. */
export const intlLocale = (language: string) => (language === 'en' ? 'en-US' : 'es-ES');

const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;

function asDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 23/11/2026 · 11/23/2026; '' for no date, the text itself for one that is not a date. */
export function formatDate(value: Date | string | number | null | undefined, language: string) {
  const date = asDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  return cached(`d:${language}`, () => new Intl.DateTimeFormat(intlLocale(language), DAY)).format(
    date,
  );
}

/** 23/11/2026, 19:57 · 11/23/2026, 07:57 PM (with `seconds`, 19:57:36). */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  language: string,
  { seconds = false }: { seconds?: boolean } = {},
) {
  const date = asDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  const options: Intl.DateTimeFormatOptions = {
    ...DAY,
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  };
  return cached(
    `t:${language}:${seconds}`,
    () => new Intl.DateTimeFormat(intlLocale(language), options),
  ).format(date);
}

/** 1.234,5 · 1,234.5, with at most `digits` decimals (all it has by default, up to 3). */
export function formatNumber(value: number, language: string, digits?: number) {
  return cached(
    `n:${language}:${digits}`,
    () =>
      new Intl.NumberFormat(
        intlLocale(language),
        digits === undefined ? {} : { maximumFractionDigits: digits },
      ),
  ).format(value);
}

/** A latitude or longitude: five decimals (about a metre), in the language's separators. */
export function formatCoordinate(value: number, language: string) {
  return cached(
    `c:${language}`,
    () =>
      new Intl.NumberFormat(intlLocale(language), {
        minimumFractionDigits: 5,
        maximumFractionDigits: 5,
        useGrouping: false,
      }),
  ).format(value);
}
