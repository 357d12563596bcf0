import type { SqlResultColumn } from '../../../protocol/reports';
import { formatDecimal, type Language } from '../../i18n/numbers';
import { cellText } from './reportExport';

/** PostgreSQL's numeric types as format_type names them (numeric(10,2) included). */
const NUMERIC_TYPE = /^(smallint|integer|bigint|oid|real|double precision|numeric|decimal)\b/;

/**
 * A cell of a SQL result as the grid shows it: a number in the console's language with every
 * digit it has and no thousands grouping (the record editor's format, so an id reads as its
 * digits), anything else as its text. The exports keep the values as PostgreSQL wrote them.
 */
export function resultCellText(
  value: unknown,
  column: SqlResultColumn | undefined,
  language: Language,
): string {
  if (column && NUMERIC_TYPE.test(column.columnType)) return formatDecimal(value, language);
  return cellText(value);
}
