/**
 * A project's LDATA (its data definition, 000 §3 New project): SQL text split into statements,
 * and the guard that decides which of them may run in the project's new schema
 * (docs/decisions.md, "Projects, sharing and access trees"). Pure functions: the runner is
 * ldata-run.ts.
 */

export interface SqlToken {
  /** word: a bare name or keyword (lower-cased); quoted: a "quoted identifier" (as written). */
  kind: 'word' | 'quoted' | 'string' | 'number' | 'symbol';
  text: string;
}

export interface SqlStatement {
  /** The statement as written, without its `;` and surrounding blanks. */
  sql: string;
  /** Its tokens outside comments; strings keep their kind but are never read as names. */
  tokens: SqlToken[];
  /** A string, quoted identifier, dollar quote or comment ran to the end of the text. */
  unterminated: boolean;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** The end (exclusive) of a quoted run opened at `start`, or -1 when it never closes. */
function closeQuote(text: string, start: number, quote: string, backslashes: boolean): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (backslashes && c === '\\') i++;
    else if (c === quote) {
      if (text[i + 1] === quote) i++;
      else return i + 1;
    }
  }
  return -1;
}

/** The end (exclusive) of a /* comment *\/ opened at `start` (they nest), or -1. */
function closeComment(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++;
      i++;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Splits SQL text at the semicolons that are outside strings ('…', E'…' with backslash
 * escapes), quoted identifiers ("…"), dollar quotes ($$…$$, $tag$…$tag$) and comments (-- …,
 * nested /* … *\/). Statements that are only blanks and comments are left out.
 */
export function splitStatements(text: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let tokens: SqlToken[] = [];
  let start = 0;
  let unterminated = false;
  const finish = (end: number) => {
    const sql = text.slice(start, end).trim();
    if (tokens.length > 0) statements.push({ sql, tokens, unterminated });
    tokens = [];
    unterminated = false;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    let end: number;
    if (c === ';') {
      finish(i);
      start = ++i;
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '-' && next === '-') {
      const newline = text.indexOf('\n', i);
      i = newline === -1 ? text.length : newline + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      end = closeComment(text, i);
      if (end === -1) unterminated = true;
      i = end === -1 ? text.length : end;
      continue;
    }
    if (c === "'" || c === '"') {
      const previous = tokens.at(-1);
      // E'…' takes backslash escapes; its E is part of the string, not a name.
      const escaped =
        c === "'" && previous?.kind === 'word' && previous.text === 'e' && /[eE]/.test(text[i - 1]);
      if (escaped) tokens.pop();
      end = closeQuote(text, i, c, escaped);
      if (end === -1) unterminated = true;
      end = end === -1 ? text.length : end;
      tokens.push(
        c === "'"
          ? { kind: 'string', text: text.slice(i, end) }
          : { kind: 'quoted', text: text.slice(i + 1, end - 1).replaceAll('""', '"') },
      );
      i = end;
      continue;
    }
    const tag = c === '$' ? DOLLAR_TAG.exec(text.slice(i, i + 64)) : null;
    if (tag) {
      const close = text.indexOf(tag[0], i + tag[0].length);
      if (close === -1) unterminated = true;
      end = close === -1 ? text.length : close + tag[0].length;
      tokens.push({ kind: 'string', text: text.slice(i, end) });
      i = end;
      continue;
    }
    if (WORD_START.test(c)) {
      end = i + 1;
      while (end < text.length && WORD_PART.test(text[end])) end++;
      tokens.push({ kind: 'word', text: text.slice(i, end).toLowerCase() });
      i = end;
      continue;
    }
    if (/\d/.test(c) || (c === '.' && next !== undefined && /\d/.test(next))) {
      const number = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    tokens.push({ kind: 'symbol', text: c });
    i++;
  }
  finish(text.length);
  return statements;
}

/** The statements LDATA may hold, by their first words. */
const ALLOWED_STARTS = [
  ['create', 'table'],
  ['create', 'index'],
  ['create', 'unique', 'index'],
  ['alter', 'table'],
  ['insert', 'into'],
  ['create', 'view'],
  ['create', 'or', 'replace', 'view'],
  ['comment', 'on'],
];

/** Clauses that would move a table out of the project or hand it to another role. */
const FORBIDDEN_CLAUSES = [
  ['set', 'schema'],
  ['owner', 'to'],
  ['set', 'tablespace'],
];

/**
 * Functions LDATA may not call: they read files or settings, reach other databases or run a
 * query given as text (which would escape the schema check), or move sequences of other
 * tables. Names starting with pg_ (the system catalogue and its functions) and lo_ (large
 * objects) are refused too.
 */
const FORBIDDEN_FUNCTIONS = new Set([
  'set_config',
  'current_setting',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
]);

export type LdataRefusal =
  | { reason: 'notAllowed' }
  | { reason: 'unterminated' }
  | { reason: 'otherSchema'; name: string }
  | { reason: 'forbiddenName'; name: string };

export interface LdataScope {
  /** The project's schema: names qualified with it are its own. */
  ownSchema: string;
  /** The schemas of the database (pg_namespace): a qualifier naming one of them is refused. */
  schemas: ReadonlySet<string>;
}

const isName = (token: SqlToken | undefined) => token?.kind === 'word' || token?.kind === 'quoted';

function startsWith(words: string[], start: string[]): boolean {
  return start.every((word, index) => words[index] === word);
}

function containsRun(tokens: SqlToken[], run: string[]): boolean {
  return tokens.some((_, index) =>
    run.every((word, k) => {
      const token = tokens[index + k];
      return token?.kind === 'word' && token.text === word;
    }),
  );
}

/**
 * Whether a statement may run as LDATA, or why not: only the statement kinds above; no clause
 * moving a table elsewhere; no name of another schema (`x.y` where x is a schema of the
 * database other than the project's, outside strings and comments); no system catalogue
 * name or forbidden function.
 */
export function checkLdataStatement(
  statement: SqlStatement,
  scope: LdataScope,
): LdataRefusal | null {
  if (statement.unterminated) return { reason: 'unterminated' };
  const { tokens } = statement;
  const words = tokens.slice(0, 4).map((token) => (token.kind === 'word' ? token.text : ''));
  if (!ALLOWED_STARTS.some((start) => startsWith(words, start))) return { reason: 'notAllowed' };
  for (const clause of FORBIDDEN_CLAUSES) {
    if (containsRun(tokens, clause)) {
      return { reason: 'forbiddenName', name: clause.join(' ').toUpperCase() };
    }
  }
  for (const [index, token] of tokens.entries()) {
    if (!isName(token)) continue;
    const name = token.text;
    const lower = name.toLowerCase();
    if (lower.startsWith('pg_')) return { reason: 'forbiddenName', name };
    const call = tokens[index + 1]?.kind === 'symbol' && tokens[index + 1].text === '(';
    if (call && (FORBIDDEN_FUNCTIONS.has(lower) || /^(lo_|dblink)/.test(lower))) {
      return { reason: 'forbiddenName', name };
    }
    const dot = tokens[index + 1];
    if (dot?.kind === 'symbol' && dot.text === '.' && tokens[index + 2]) {
      if (name !== scope.ownSchema && scope.schemas.has(name)) {
        return { reason: 'otherSchema', name };
      }
    }
  }
  return null;
}
