import { scanSql, splitStatements } from './sql-text';

/**
 * The data selection rules (001 §3 "Selection record", §4, §5; docs/replication.md "Selection
 * rules"), shared by the console and the server.
 */

/** Where a selection statement names the device it is evaluated for: a text value, unquoted. */
export const MID_PLACEHOLDER = '##MID##';

/** SELECTIVE: the table has provisioning criteria (001 §5). */
export const SELECTIVE_PROVISIONING = 10;

/** A table's rule as the console shows it: not selected, all rows, or rows by criteria. */
export type SelectionMode = 'none' | 'all' | 'criteria';

/** One table's rule (001 §3 "Selection record"); a table without a saved rule is 'all'. */
export interface SelectionRule {
  TABLENAME: string;
  /** false: the table replicates to nobody. */
  SELECTED: boolean;
  /** 1 every row to every device, 0 rows by the criteria in STATEMENT. */
  ALWAYS: 0 | 1;
  /** ALWAYS 0 and selected. */
  CRITERIA: boolean;
  /** The criteria: a SELECT of the table's rows, the device's MID as ##MID##. */
  STATEMENT: string;
  /** true: the criteria apply to every device; false: only to the devices the template was applied to. */
  ALLMID: boolean;
  /** 10 when the table has provisioning criteria, else 0. */
  SELECTIVE: number;
  /** The rows a database provision includes (SELECTIVE 10); '' for the replica criteria. */
  CRITERIAPROVISIONNING: string;
  /** false: no rule saved, the default (every row). */
  SAVED: boolean;
}

export function selectionMode(rule: Pick<SelectionRule, 'SELECTED' | 'ALWAYS'>): SelectionMode {
  if (!rule.SELECTED) return 'none';
  return rule.ALWAYS === 1 ? 'all' : 'criteria';
}

/** Why a statement may not be run or saved (000 §4 "Statement check", 001 §5), or null. */
export type StatementProblem = 'empty' | 'forbidden' | 'midRequired';

/** Words a selection statement may not hold (001 §5), outside literals and comments. */
const FORBIDDEN = /\b(insert|update|drop|delete|truncate|alter)\b/i;

/** The statement's code with literals, quoted names and comments blanked. */
function codeOnly(text: string): string {
  const code = Array.from({ length: text.length }, () => ' ');
  scanSql(text, {
    at: (index, context) => {
      if (context === 'code') code[index] = text[index];
      return 0;
    },
  });
  return code.join('');
}

/** Whether the statement names the device (##MID## in its code). */
export function usesMid(text: string): boolean {
  return codeOnly(text).includes(MID_PLACEHOLDER);
}

/**
 * The statement check (001 §5): empty; a second statement, a word that changes data or an
 * asterisk; the MID placeholder without a MID to evaluate it for. It is the console's and the
 * server's first answer, never the defence: the statement runs READ ONLY as the project's role.
 */
export function checkStatement(text: string, mid?: string | null): StatementProblem | null {
  if (text.trim() === '' || splitStatements(text).length === 0) return 'empty';
  const code = codeOnly(text);
  if (splitStatements(text).length > 1 || FORBIDDEN.test(code) || code.includes('*')) {
    return 'forbidden';
  }
  if (!/^\s*\(*\s*select\b/i.test(code)) return 'forbidden';
  if (code.includes(MID_PLACEHOLDER) && !(mid ?? '').trim()) return 'midRequired';
  return null;
}

/** The statement with ##MID## (in its code) replaced by `value`, an SQL expression. */
export function withMid(text: string, value: string): string {
  const code = codeOnly(text);
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (code.startsWith(MID_PLACEHOLDER, i)) {
      out += value;
      i += MID_PLACEHOLDER.length;
    } else out += text[i++];
  }
  return out;
}

/** The texts of 001 §5 and §8, verbatim in Spanish. */
export const SELECTION_MESSAGES = {
  es: {
    empty: 'Debe introducir una consulta',
    forbidden: 'Consulta no permitida',
    noTables: 'No ha seleccionado ninguna tabla',
    queryError: 'Error en consulta',
    queryOk: 'Consulta correcta',
    saved: 'Fila actualizada con éxito',
  },
  en: {
    empty: 'Enter a query',
    forbidden: 'Query not allowed',
    noTables: 'No table has been selected',
    queryError: 'Query error',
    queryOk: 'Query correct',
    saved: 'Row updated successfully',
  },
} as const;
