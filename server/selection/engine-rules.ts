import pg from 'pg';
import { withMid } from '../../protocol/selection';

/** What the fan-out and a device's copy need of one table's saved rule. */
export interface EngineRule {
  table: string;
  selected: boolean;
  /** 1 every row, 0 the rows of `statement`. */
  always: number;
  statement: string;
  /** false: only the devices the template was applied to (selection_devices). */
  allmid: boolean;
  selective: number;
  provisioning: string;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

const id = (name: string) => pg.escapeIdentifier(name);

/** The project's saved rules by table (a handful of rows: one statement per applier batch). */
export async function loadRules(query: Query, schema: string): Promise<Map<string, EngineRule>> {
  const { rows } = await query(
    `SELECT "TABLENAME" AS table, "SELECTED" AS selected, "ALWAYS" AS always,
            "STATEMENT" AS statement, "ALLMID" AS allmid, "SELECTIVE" AS selective,
            "CRITERIAPROVISIONNING" AS provisioning
     FROM ${id(schema)}.selection`,
  );
  return new Map((rows as EngineRule[]).map((rule) => [rule.table, rule]));
}

/**
 * The condition "the row whose key is `keyRow` is among the rows `statement` selects for the
 * device `mid`" (both SQL expressions). The statement is wrapped as a derived table, so it
 * must select the table's key columns; it is one statement (the check refuses a second, and
 * PostgreSQL refuses one in an extended-protocol message).
 */
export function statementHolds(
  statement: string,
  key: string[],
  keyRow: string,
  mid: string,
): string {
  const match = key.map((column) => `flota_sel.${id(column)} = ${keyRow}.${id(column)}`);
  return `EXISTS (SELECT 1 FROM (${withMid(statement, mid)}\n) flota_sel WHERE ${match.join(' AND ')})`;
}

/**
 * Whether device `device` (an SQL alias of a devices row) receives a row of the rule's table
 * whose key is `keyRow`, by the replica rule; `operation` an SQL expression of the operation's
 * kind ('delete' goes to every device of the table: the row is gone, and a device that lacks it
 * ignores the delete). TRUE/FALSE for the plain cases, so the planner drops them.
 */
export function ruleCondition(
  schema: string,
  rule: EngineRule,
  key: string[],
  device: string,
  keyRow: string,
  operation: string | null,
): string {
  if (!rule.selected) return 'FALSE';
  const criteria =
    rule.always === 1 || rule.statement.trim() === '' || key.length === 0
      ? rule.always === 1
        ? 'TRUE'
        : 'FALSE'
      : statementHolds(rule.statement, key, keyRow, `${device}."MID"`);
  const rows =
    operation && criteria !== 'TRUE' ? `(${operation} = 'delete' OR ${criteria})` : criteria;
  if (rule.allmid) return rows;
  return `EXISTS (SELECT 1 FROM ${id(schema)}.selection_devices flota_sd
    WHERE flota_sd."TABLENAME" = ${pg.escapeLiteral(rule.table)} AND flota_sd."MID" = ${device}."MID"
      AND (NOT flota_sd."CONDITIONAL" OR ${rows}))`;
}
