/**
 * The MDM dashboard's figures (`mdmDashboard`, server/mdm/dashboard.ts; `/app/mdmdash`), and the
 * filter of the managed-devices list (`/app/mdmadmin`) each figure links to: the same conditions
 * the server counts with, so a figure and its list agree.
 */

/** Devices not seen for this many days are counted apart. */
export const UNSEEN_DAYS = 7;
/** How many non-compliance reasons the dashboard names. */
export const TOP_REASONS = 5;

export interface MdmDashboardResponse {
  /** Managed (approved) devices by platform. */
  platforms: { platform: string; devices: number }[];
  /** Managed devices by compliance: `compliant`, `noncompliant`, `unknown`. */
  compliance: { compliance: string; devices: number }[];
  /** The most frequent non-compliance reasons, most devices first. */
  reasons: { reason: string; devices: number }[];
  pending: number;
  /** Commands queued for managed devices and not yet acknowledged. */
  commandsInFlight: number;
  /** Managed devices whose last contact is older than `unseenSince`. */
  unseen: number;
  unseenSince: string;
}

export type DeviceListFilter = Record<string, string>;

/** The filter of each figure's list. */
export const dashboardFilters = {
  platform: (platform: string): DeviceListFilter => ({ state: 'active', platform }),
  compliance: (compliance: string): DeviceListFilter => ({ state: 'active', compliance }),
  reason: (reason: string): DeviceListFilter => ({ state: 'active', reasons: reason }),
  pending: (): DeviceListFilter => ({ state: 'pending' }),
  /** A date range with an open start: last seen before the cut (protocol/filters.ts). */
  unseen: (since: string): DeviceListFilter => ({ state: 'active', lastSeen: `~${since}` }),
};

/** The managed-devices list's address with a filter, as react-admin reads it from the URL. */
export const deviceListAddress = (path: string, filter: DeviceListFilter) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;
