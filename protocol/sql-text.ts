/**
 * A small lexer of PostgreSQL text, shared by the console and the server: where each part of a
 * SQL text is (code, a string literal, a quoted name, a dollar-quoted body, a comment), so that
 * report macros are filled by what surrounds them and several statements are split where
 * PostgreSQL would split them. It is not a defence (docs/security.md): the server also sends each
 * statement alone, and PostgreSQL refuses a message that holds two.
 */

/** Where a position of the text is. `estring` is an E'…' literal (backslash escapes). */
export type SqlContext = 'code' | 'string' | 'estring' | 'ident' | 'dollar' | 'comment';

export interface SqlScanner {
  /** Called at every character outside comments; answers how many characters it consumed (0: none). */
  at?: (index: number, context: SqlContext, dollarTag: string) => number;
  /** Called at each `;` that ends a statement. */
  boundary?: (index: number) => void;
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Walks the text once, telling the scanner the context of every position. */
export function scanSql(text: string, scanner: SqlScanner): void {
  let i = 0;
  const n = text.length;
  const visit = (context: SqlContext, tag = '') => scanner.at?.(i, context, tag) ?? 0;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    const identBefore = i > 0 && IDENT_CHAR.test(text[i - 1]);
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        const step = text.startsWith('/*', i) ? 1 : text.startsWith('*/', i) ? -1 : 0;
        depth += step;
        i += step === 0 ? 1 : 2;
      }
    } else if (c === "'") {
      const escaped = i > 0 && /[eE]/.test(text[i - 1]) && !(i > 1 && IDENT_CHAR.test(text[i - 2]));
      const context: SqlContext = escaped ? 'estring' : 'string';
      i++;
      while (i < n) {
        const used = visit(context);
        if (used > 0) i += used;
        else if (escaped && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      i++;
    } else if (c === '"') {
      i++;
      while (i < n) {
        const used = visit('ident');
        if (used > 0) i += used;
        else if (text[i] === '"' && text[i + 1] === '"') i += 2;
        else if (text[i] === '"') break;
        else i++;
      }
      i++;
    } else if (c === '$' && !identBefore && DOLLAR_TAG.test(text.slice(i, i + 64))) {
      const opening = DOLLAR_TAG.exec(text.slice(i, i + 64))![0];
      i += opening.length;
      while (i < n && !text.startsWith(opening, i)) {
        const used = visit('dollar', opening);
        i += used > 0 ? used : 1;
      }
      i += opening.length;
    } else {
      const used = visit('code');
      if (used > 0) i += used;
      else {
        if (c === ';') scanner.boundary?.(i);
        i++;
      }
    }
  }
}

/** The statements of a text, split at the `;` that end them; empty ones (and comments alone) left out. */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  const push = (end: number) => {
    const statement = text.slice(start, end).trim();
    if (firstKeyword(statement) !== '') statements.push(statement);
  };
  scanSql(text, {
    boundary: (index) => {
      push(index);
      start = index + 1;
    },
  });
  push(text.length);
  return statements;
}

/** The first word of a statement's code, upper case ('' for none), skipping comments and `(`. */
export function firstKeyword(statement: string): string {
  let word = '';
  scanSql(statement, {
    at: (index, context) => {
      if (word !== '') return statement.length - index;
      if (context !== 'code') return 0;
      const match = /^[A-Za-z_]+/.exec(statement.slice(index));
      if (match) word = match[0].toUpperCase();
      else if (!/[\s(]/.test(statement[index])) word = statement[index];
      return match ? match[0].length : 0;
    },
  });
  return word;
}
