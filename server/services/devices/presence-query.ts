import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { DEVICE_PRESENCE_FIELDS } from '../../../protocol/device-schema';
import { isNegated, TextOperator, type ColumnFilter } from '../../../protocol/filters';
import { filterCondition } from '../../db/filter-sql';
import type { ProjectDatabase } from '../../db/project-schema';
import { deviceOnline } from '../../device/presence-read';

type DevicesEb = ExpressionBuilder<ProjectDatabase, 'devices'>;

/** A filter on the connection state or the last seen date rather than on a devices column. */
export const isPresenceFilter = (filter: ColumnFilter) => DEVICE_PRESENCE_FIELDS.has(filter.column);

const TRUE_TEXTS = new Set(['true', '1', 'yes', 'si', 'sí']);

/**
 * ONLINE equal to yes or no (a yes/no field filters with the text operators): the devices held
 * by a live node, or the others, as a semi-join or anti-join on the directory. LAST_SEEN in a
 * day range: the devices whose directory row was seen in it (or, negated, the others, never
 * seen included), compared on the stored date, which core.device_directory_last_seen_idx orders.
 */
export function presenceCondition(eb: DevicesEb, filter: ColumnFilter): Expression<SqlBool> {
  if (filter.column === 'ONLINE') {
    const wanted = TRUE_TEXTS.has(String(filter.value).trim().toLowerCase());
    const online = filter.kind === 'text' && isNegated(filter.operator) ? !wanted : wanted;
    return online ? deviceOnline : sql<SqlBool>`NOT ${deviceOnline}`;
  }
  if (filter.kind !== 'date') return sql<SqlBool>`false`;
  const negated = isNegated(filter.operator);
  const inside = filterCondition(
    eb,
    negated ? { ...filter, operator: TextOperator.contains } : filter,
    'datetime',
    sql.ref('dd.last_seen'),
  );
  return sql<SqlBool>`${sql.raw(negated ? 'NOT ' : '')}EXISTS (
    SELECT 1 FROM core.device_directory AS dd
    WHERE dd.mid = ${sql.ref('devices.MID')} AND ${inside})`;
}
