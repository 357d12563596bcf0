import { scanSql, type SqlContext } from './sql-text';

/**
 * Report macros (001 §5; docs/decisions.md, "Reports (issue 16, part 4)"): `##KEY##` in a
 * report's SQL asks for a value before the report runs. `##KEY(default)##` prefills it,
 * `##KEY[a,b,c]##` offers a combo of options, and `##KEY[1=Abierto,2=Cerrado](1)##` gives each
 * option a text (the combo shows the text, the SQL gets the value). A key used several times is
 * asked once; its first use says its default and options. Macros inside comments are not macros.
 *
 * A value becomes a SQL literal where the macro stands in code (`"CITY" = ##CITY##`), or is put
 * inside the literal or quoted name around it (`LIKE '%##NAME##%'`), quoted so that it can never
 * end that literal: the project's role is the defence (docs/security.md), this keeps a value from
 * changing what the report's author wrote.
 */

/** 001 §3 "Report macro": key, value, combo list and its texts. */
export interface ReportMacro {
  key: string;
  /** The default, '' when none. */
  value: string;
  /** The options' values (empty: a text field). */
  combo: string[];
  /** The options' texts, one per value. */
  combotext: string[];
}

const MACRO = /^##([A-Za-z_][A-Za-z0-9_]*)(?:\(([^)#]*)\))?(?:\[([^\]#]*)\])?(?:\(([^)#]*)\))?##/;

interface Occurrence extends ReportMacro {
  start: number;
  end: number;
  context: SqlContext;
}

function occurrences(sql: string): Occurrence[] {
  const found: Occurrence[] = [];
  scanSql(sql, {
    at(index, context) {
      if (sql[index] !== '#' || sql[index + 1] !== '#') return 0;
      const match = MACRO.exec(sql.slice(index, index + 2000));
      if (!match) return 0;
      const [text, key, before, list, after] = match;
      const options = list === undefined ? [] : list.split(',').map((option) => option.trim());
      const pairs = options.filter(Boolean).map((option) => {
        const equals = option.indexOf('=');
        return equals < 0
          ? [option, option]
          : [option.slice(0, equals).trim(), option.slice(equals + 1).trim()];
      });
      found.push({
        key,
        value: (before ?? after ?? '').trim(),
        combo: pairs.map((pair) => pair[0]),
        combotext: pairs.map((pair) => pair[1]),
        start: index,
        end: index + text.length,
        context,
      });
      return text.length;
    },
  });
  return found;
}

/** The macros a SQL text asks for, each key once, in order of first use. */
export function parseMacros(sql: string): ReportMacro[] {
  const byKey = new Map<string, ReportMacro>();
  for (const { key, value, combo, combotext } of occurrences(sql)) {
    if (!byKey.has(key)) byKey.set(key, { key, value, combo, combotext });
  }
  return [...byKey.values()];
}

/** Why a text could not be filled: a macro without value, or a value its place cannot hold. */
export type MacroProblem =
  { reason: 'empty'; keys: string[] } | { reason: 'unsafe'; key: string; character: string };

export type FilledSql = { sql: string } | { problem: MacroProblem };

/** A value as a literal in code: E'…' reads the same whatever standard_conforming_strings says. */
const codeLiteral = (value: string) => ` E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}' `;

/** A value inside the literal or name around it, or what it holds that the place cannot. */
function inPlace(value: string, context: SqlContext): string | { bad: string } {
  switch (context) {
    case 'estring':
      return value.replace(/\\/g, '\\\\').replace(/'/g, "''");
    case 'string':
      // A plain literal reads a backslash as an escape when the SQL turned
      // standard_conforming_strings off: no value can say which, so none may carry one.
      return value.includes('\\') ? { bad: '\\' } : value.replace(/'/g, "''");
    case 'ident':
      return value.replace(/"/g, '""');
    case 'dollar':
      // With the text around it, any $ could end the body: none may carry one.
      return value.includes('$') ? { bad: '$' } : value;
    default:
      return codeLiteral(value);
  }
}

/**
 * The SQL with every macro replaced by its value (`values` by key). A macro left empty (no value
 * and no default) answers which ones; so does a value its place cannot hold safely.
 */
export function fillMacros(sql: string, values: Record<string, string | undefined>): FilledSql {
  const found = occurrences(sql);
  const defaults = new Map(parseMacros(sql).map((macro) => [macro.key, macro.value]));
  // Keys are the SQL's own words: `##constructor##` is not something every object inherits.
  const given = (key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);
  const valueOf = (key: string) => given(key) ?? defaults.get(key) ?? '';
  const empty = [...defaults.keys()].filter((key) => valueOf(key) === '');
  if (empty.length > 0) return { problem: { reason: 'empty', keys: empty } };
  let out = '';
  let from = 0;
  for (const occurrence of found) {
    const value = valueOf(occurrence.key);
    if (value.includes('\0')) {
      return { problem: { reason: 'unsafe', key: occurrence.key, character: 'NUL' } };
    }
    const text = inPlace(value, occurrence.context);
    if (typeof text !== 'string') {
      return { problem: { reason: 'unsafe', key: occurrence.key, character: text.bad } };
    }
    out += sql.slice(from, occurrence.start) + text;
    from = occurrence.end;
  }
  return { sql: out + sql.slice(from) };
}

/** The row limit the console sends for "the default" (001 §9), and that default. */
export const REPORT_LIMIT_DEFAULT = -666;
export const REPORT_DEFAULT_ROWS = 100;
/** The largest row limit a caller may ask for. */
export const REPORT_MAX_ROWS = 10_000;

/** The rows a run answers at most for a requested limit (-666 or none: the default 100). */
export function rowLimit(limit: number | undefined): number {
  if (limit === undefined || limit === REPORT_LIMIT_DEFAULT || limit <= 0) {
    return REPORT_DEFAULT_ROWS;
  }
  return Math.min(limit, REPORT_MAX_ROWS);
}
