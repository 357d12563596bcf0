import { TextOperator } from './filters';

/**
 * The home page's fleet summary (`fleetSummary`, docs/decisions.md "Home: the fleet at a
 * glance"): what it counts, and the device-list address each figure links to, written once for
 * the server, which counts, and the console, which links.
 */

/** A battery at or under this level (percent, as check-ins report it) is low. */
export const LOW_BATTERY_PERCENT = 20;

/** Rows of the recent errors and recent commands. */
export const RECENT_ROWS = 8;

/**
 * The device list's fleet filter (`fleet` of `devicesWithPages`): the devices connected now,
 * or those whose last reported battery is low.
 */
export const FLEET_SIGNALS = ['online', 'lowBattery'] as const;
export type FleetSignal = (typeof FLEET_SIGNALS)[number];

export interface FleetSummaryResponse {
  database: number;
  name: string;
  /** Devices of the project, from the trigger-kept per-platform counts. */
  total: number;
  online: number;
  lowBattery: number;
  /** Enabled devices without a check-in today: the device list's status 1 (not synced). */
  notSyncedToday: number;
  /** Largest first; `platform` null for devices without one. */
  platforms: { platform: string | null; devices: number }[];
  recentErrors: { ID: number; MID: string; TIMESTAMP: string; DESCRIPTION: string }[];
  recentCommands: { ID: number; MID: string; CMD: string; STATE: string; CREATED: string }[];
}

/** The device list's filter values a figure links to (react-admin's `filter` of the address). */
export interface FleetListFilter {
  platform?: string;
  status?: number;
  fleet?: FleetSignal;
  /** The device list's connection quick filter. */
  connection?: 'online' | 'offline';
  rowfilter?: Record<string, string>;
  rowfilteroper?: Record<string, number>;
}

/** The device list of a project with these filters applied, e.g. `/app/devicelist?database=3&filter=…`. */
export function deviceListAddress(database: number, filter: FleetListFilter = {}): string {
  const params = new URLSearchParams({ database: String(database) });
  if (Object.keys(filter).length > 0) params.set('filter', JSON.stringify(filter));
  return `/app/devicelist?${params.toString()}`;
}

/** The list narrowed to one device, by its MID. */
export const oneDeviceFilter = (mid: string): FleetListFilter => ({
  rowfilter: { MID: mid },
  rowfilteroper: { MID: TextOperator.equals },
});
