import type { LocalReplica, Row } from './replica-store';

/**
 * The SQL of an update (sql files and sqlDirect entries), run against a simulated device's
 * local copy as far as it can be: the plain single-row statements an operator writes to correct
 * data — `INSERT INTO gen_x (…) VALUES (…)`, `UPDATE gen_x SET a = …, b = … WHERE id = …`,
 * `DELETE FROM gen_x WHERE id = …` — on a table the copy holds, keyed by `id`. Anything else
 * (DDL, joins, several rows) is recorded as run, as an agent without the statement's engine would
 * hand it to its app's database and only log it.
 */
export interface SqlOutcome {
  applied: number;
  recorded: string[];
}

const LITERAL = String.raw`'(?:[^']|'')*'|-?\d+(?:\.\d+)?|NULL|TRUE|FALSE`;
const INSERT = /^INSERT\s+INTO\s+(gen_\w+)\s*\(([^)]*)\)\s*VALUES\s*\((.*)\)$/is;
const UPDATE = new RegExp(
  String.raw`^UPDATE\s+(gen_\w+)\s+SET\s+(.+?)\s+WHERE\s+id\s*=\s*(${LITERAL})$`,
  'is',
);
const DELETE = new RegExp(
  String.raw`^DELETE\s+FROM\s+(gen_\w+)\s+WHERE\s+id\s*=\s*(${LITERAL})$`,
  'is',
);
const ASSIGNMENT = new RegExp(String.raw`^(\w+)\s*=\s*(${LITERAL})$`, 'is');

function literal(text: string): Row[string] {
  const value = text.trim();
  if (/^NULL$/i.test(value)) return null;
  if (/^TRUE$/i.test(value)) return true;
  if (/^FALSE$/i.test(value)) return false;
  if (value.startsWith("'")) return value.slice(1, -1).replaceAll("''", "'");
  return Number(value);
}

/** Splits on `separator` outside quoted texts. */
function split(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Applies one statement; false when it is not one the copy can run. */
function applyOne(local: LocalReplica, statement: string): boolean {
  let match = INSERT.exec(statement);
  if (match) {
    const columns = split(match[2], ',');
    const values = split(match[3], ',');
    if (columns.length !== values.length || !columns.includes('id') || !local.holds(match[1])) {
      return false;
    }
    local.seed(match[1], [Object.fromEntries(columns.map((c, i) => [c, literal(values[i])]))]);
    return true;
  }
  match = UPDATE.exec(statement);
  if (match && local.holds(match[1])) {
    const assignments = split(match[2], ',').map((part) => ASSIGNMENT.exec(part));
    if (assignments.some((a) => !a)) return false;
    const key = { id: literal(match[3]) };
    const row = local.get(match[1], key);
    if (row) {
      const changes = assignments.map((a) => [a![1], literal(a![2])]);
      local.seed(match[1], [{ ...row, ...Object.fromEntries(changes), ...key }]);
    }
    return true;
  }
  match = DELETE.exec(statement);
  if (match && local.holds(match[1])) {
    local.forget(match[1], { id: literal(match[2]) });
    return true;
  }
  return false;
}

/** Runs a script's statements (separated by `;`) against the copy, recording the others. */
export function runUpdateSql(local: LocalReplica | null, script: string): SqlOutcome {
  const outcome: SqlOutcome = { applied: 0, recorded: [] };
  for (const statement of split(script, ';')) {
    if (!statement) continue;
    if (local && applyOne(local, statement)) outcome.applied++;
    else outcome.recorded.push(statement);
  }
  return outcome;
}
