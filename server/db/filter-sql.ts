import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import {
  filterKind,
  isNegated,
  likePattern,
  NumericOperator,
  TextOperator,
  type ColumnFilter,
  type NumericOperatorCode,
} from '../../protocol/filters';

// Whole-number columns compare against a bigint parameter, so that their btree indexes still
// serve the comparison; these bounds keep any float inside bigint's range without changing
// the answer for an integer column.
const INTEGER_TYPES = new Set(['int', 'integer']);
const BIGINT_BOUND = 2 ** 62;

/**
 * `column ILIKE pattern`, written as PostgreSQL computes ILIKE in a UTF-8 database: lower() of
 * both sides, then LIKE. The answer is the same; the pattern is lowered once instead of on every
 * row, and a trigram index on lower(column) serves it (docs/decisions.md, "Case-insensitive
 * filters"). A row without a value matches neither form.
 */
export function ilike(
  column: Expression<unknown>,
  pattern: string,
  negated = false,
): RawBuilder<SqlBool> {
  return negated
    ? sql<SqlBool>`lower(${column}) NOT LIKE lower(${pattern})`
    : sql<SqlBool>`lower(${column}) LIKE lower(${pattern})`;
}

const comparison = {
  [NumericOperator.equals]: '=',
  [NumericOperator.notEquals]: '<>',
  [NumericOperator.less]: '<',
  [NumericOperator.lessOrEqual]: '<=',
  [NumericOperator.greater]: '>',
  [NumericOperator.greaterOrEqual]: '>=',
} as const;

/**
 * The same comparison against a whole number: `STATUS < 2.5` is `STATUS < 3`, `STATUS = 2.5`
 * matches nothing and `STATUS <> 2.5` every row that has a value.
 */
export function integerComparison(
  operator: NumericOperatorCode,
  value: number,
): { operator: NumericOperatorCode; value: number } | 'none' | 'any' {
  const clamp = (n: number) => Math.max(-BIGINT_BOUND, Math.min(BIGINT_BOUND, n));
  if (Number.isInteger(value)) return { operator, value: clamp(value) };
  switch (operator) {
    case NumericOperator.equals:
      return 'none';
    case NumericOperator.notEquals:
      return 'any';
    case NumericOperator.less:
    case NumericOperator.greaterOrEqual:
      return { operator, value: clamp(Math.ceil(value)) };
    case NumericOperator.lessOrEqual:
    case NumericOperator.greater:
      return { operator, value: clamp(Math.floor(value)) };
  }
}

/**
 * One per-column filter as a SQL condition. The column comes from the list's whitelist and every
 * value is a bound parameter; LIKE wildcards in values are escaped. A row without a value in the
 * column never matches (002 §5). `column` is what is compared: by default the column the filter
 * names, or an expression built from whitelisted names (a deployment's added column).
 */
export function filterCondition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  filter: ColumnFilter,
  dataType: string,
  column: Expression<unknown> = sql.ref(filter.column),
): Expression<SqlBool> {
  if (filter.kind === 'text') {
    // 'equals' is the same test as ILIKE without wildcards; as an equality, an index on
    // lower(column) (btree, or btree_gin beside trigrams) serves it.
    if (filter.operator === TextOperator.equals) {
      return sql<SqlBool>`lower(${column}) = lower(${filter.value})`;
    }
    if (filter.operator === TextOperator.notEquals) {
      return sql<SqlBool>`lower(${column}) <> lower(${filter.value})`;
    }
    const { pattern, negated } = likePattern(filter.operator, filter.value);
    return ilike(column, pattern, negated);
  }
  if (filter.kind === 'date') {
    const { from, to } = filter.value;
    const inside = [
      ...(from ? [sql<SqlBool>`${column} >= ${from}`] : []),
      ...(to ? [sql<SqlBool>`${column} < ${to}`] : []),
    ];
    return isNegated(filter.operator) ? eb.or(inside.map((part) => eb.not(part))) : eb.and(inside);
  }
  if (filterKind(dataType) !== 'numeric') throw new Error(`Column ${filter.column} is not numeric`);
  if (!INTEGER_TYPES.has(dataType)) {
    return sql<SqlBool>`${column} ${sql.raw(comparison[filter.operator])} ${filter.value}::float8`;
  }
  const whole = integerComparison(filter.operator, filter.value);
  if (whole === 'none') return sql<SqlBool>`false`;
  if (whole === 'any') return sql<SqlBool>`${column} IS NOT NULL`;
  return sql<SqlBool>`${column} ${sql.raw(comparison[whole.operator])} ${whole.value}::int8`;
}
