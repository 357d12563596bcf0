import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { LOW_BATTERY_PERCENT, type FleetSignal } from '../../../protocol/fleet';
import type { ProjectDatabase } from '../../db/project-schema';
import { deviceOnline } from '../../device/presence-read';

/**
 * The fleet signals as SQL, shared by the home page's counts and the device list's `fleet`
 * filter, so a figure and the list it links to count the same devices.
 */

/**
 * The last reported battery is low. Written as the partial index device_info_low_battery_idx
 * reads it (project migration 0008), the level inlined so that the planner can match it.
 */
export const lowBatteryInfo = sql<boolean>`jsonb_typeof("INFO" -> 'batteryLevel') = 'number'
  AND ("INFO" -> 'batteryLevel') <= ${sql.lit(String(LOW_BATTERY_PERCENT))}::jsonb`;

/** The device of the current `devices` row is held by a live node now (presence-read.ts). */
const onlineDevice = deviceOnline;

/** A row of the project's `devices` (never aliased) shows the signal. */
export function fleetCondition(
  eb: ExpressionBuilder<ProjectDatabase, 'devices'>,
  signal: FleetSignal,
): Expression<SqlBool> {
  if (signal === 'online') return onlineDevice;
  return eb.exists(
    eb
      .selectFrom('device_info')
      .select(sql.lit(1).as('one'))
      .whereRef('device_info.MID', '=', 'devices.MID')
      .where(lowBatteryInfo),
  );
}
