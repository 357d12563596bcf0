/**
 * Numbers read and written in the console's language (issue 33, point 7; docs/decisions.md
 * "Numbers typed and shown"). A number travels as a decimal text with a point (`-1234.5`), the
 * way PostgreSQL writes a numeric, so that no digit is lost on the way; people read and type it
 * with their language's separators:
 *
 * - Spanish: the decimal separator is a comma or a point; thousands go in groups of three
 *   separated by points (only with a decimal comma, or two or more of them) or spaces. A single
 *   point followed by exactly three digits ("1.234") could be either: it is refused, never
 *   guessed.
 * - English: the decimal separator is the point; thousands are grouped by commas or spaces.
 * - A separator out of place ("1.23.4", "3,25" in English), a letter, an exponent or a second
 *   sign is refused: nothing is dropped silently.
 */
export type Language = 'es' | 'en';

/** Why a text was not read as a number. */
export type NumberRefusal = 'unreadable' | 'ambiguous' | 'grouping';

export type ParsedNumber =
  | {
      ok: true;
      /** `-1234.5`: no grouping, a point, no leading or trailing zeros. */ decimal: string;
    }
  | { ok: false; reason: NumberRefusal };

const DECIMAL: Record<Language, string> = { es: ',', en: '.' };
const SPACES = /[\s\u00a0\u202f]/;
const CANONICAL = /^-?\d+(\.\d+)?$/;

const refuse = (reason: NumberRefusal): ParsedNumber => ({ ok: false, reason });

/** `007.50` → `7.5`, `-0` → `0`. */
function canonical(negative: boolean, whole: string, fraction: string): string {
  const int = whole.replace(/^0+(?=\d)/, '') || '0';
  const frac = fraction.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/** Digits grouped by one separator in threes (`1.234.567`), without the separators, or null. */
function ungroup(whole: string): string | null {
  const separators = new Set(whole.replace(/\d/g, '').split(''));
  if (separators.size === 0) return whole;
  if (separators.size > 1) return null;
  const [first, ...rest] = whole.split([...separators][0]);
  if (!/^\d{1,3}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group))) return null;
  return first + rest.join('');
}

/** The decimal separator's position in `body` (digits and separators), -1 for none. */
function decimalAt(body: string, language: Language): number | NumberRefusal {
  const points = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (language === 'en') return points > 1 ? 'unreadable' : body.indexOf('.');
  if (commas > 1) return 'grouping';
  if (commas === 1)
    return points > 0 && body.lastIndexOf('.') > body.indexOf(',') ? 'grouping' : body.indexOf(',');
  if (points !== 1) return -1;
  // A single point: a decimal point, unless it could also be a thousands point ("1.234").
  const at = body.indexOf('.');
  const before = body.slice(0, at);
  const after = body.slice(at + 1);
  const couldGroup = /^[1-9]\d{0,2}$/.test(before) && /^\d{3}$/.test(after);
  return couldGroup ? 'ambiguous' : at;
}

/**
 * A number typed in `language`, as a decimal text, or why it is refused. Spaces around it are
 * ignored; an empty text is `unreadable` (the caller decides whether empty means "no value").
 */
export function parseNumber(text: string, language: Language): ParsedNumber {
  const trimmed = text.trim();
  const negative = /^[-\u2212]/.test(trimmed);
  const body = trimmed.replace(/^[-+\u2212]/, '').replace(new RegExp(SPACES, 'g'), ' ');
  if (!/^[\d., ]+$/.test(body) || !/\d/.test(body)) return refuse('unreadable');
  const at = decimalAt(body, language);
  if (typeof at === 'string') return refuse(at);
  const whole = at < 0 ? body : body.slice(0, at);
  const fraction = at < 0 ? '' : body.slice(at + 1);
  if (!/^\d*$/.test(fraction) || (at >= 0 && fraction === '')) return refuse('unreadable');
  const digits = whole === '' && fraction !== '' ? '0' : ungroup(whole);
  if (digits === null || digits === '') return refuse(whole === '' ? 'unreadable' : 'grouping');
  return { ok: true, decimal: canonical(negative, digits, fraction) };
}

/**
 * The value a form keeps for a decimal text: a JavaScript number when it holds every digit,
 * the text itself otherwise (an id beyond 2^53, a numeric with more digits than a double).
 */
export function numberValue(decimal: string): number | string {
  const number = Number(decimal);
  return Number.isFinite(number) && plainDigits(number) === decimal ? number : decimal;
}

/** A finite number with all its digits and no exponent: 1e21 → `1000000000000000000000`. */
export function plainDigits(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', power] = match;
  const digits = lead + rest;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A value as a decimal text (`-1234.5`), or null when it is not a number. */
export function decimalText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? plainDigits(value) : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && CANONICAL.test(value.trim())) return value.trim();
  return null;
}

/** Groups of three with the language's separator; Spanish groups from five digits (12.345). */
function group(int: string, language: Language): string {
  if (language === 'es' && int.length < 5) return int;
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'es' ? '.' : ',');
}

/**
 * A number (or a decimal text, as PostgreSQL sends numeric and big ints) in the language's
 * separators with every digit it has: `1234,5` · `1234.5`, or grouped (`12.345,5` ·
 * `12,345.5`) with `grouping`. What is not a number comes back as its text.
 */
export function formatDecimal(
  value: unknown,
  language: Language,
  { grouping = false }: { grouping?: boolean } = {},
): string {
  const decimal = decimalText(value);
  if (decimal === null) return value === null || value === undefined ? '' : String(value);
  const negative = decimal.startsWith('-');
  const [int, fraction] = decimal.replace(/^-/, '').split('.');
  const whole = grouping ? group(int, language) : int;
  return `${negative ? '-' : ''}${whole}${fraction ? DECIMAL[language] + fraction : ''}`;
}

/**
 * A column or field that holds an identifier (ID, MID, LASTID, LASTDMID, IQID, idusr, numero
 * of a project, database, task): its digits are shown as they are, never grouped.
 */
export function isIdentifierName(name: string): boolean {
  const bare = name.slice(name.lastIndexOf('.') + 1);
  return /^id|id$|_id_|^(numero|database|task)$/i.test(bare);
}
