import { SelectInput } from 'react-admin';
import { DeviceStatusFilter, PLATFORMS } from '../../../protocol/devices';
import { FLEET_SIGNALS } from '../../../protocol/fleet';

// By their readable names (the overview's, src/i18n/areas/mam.ts), never their codes.
const platformChoices = PLATFORMS.map((platform) => ({
  id: platform,
  name: `mam.platforms.${platform}`,
}));

/** 0 sync, 1 not sync, 2 disabled, 3 generating db, 4 enabled (000 §2); empty is all. */
const statusChoices = Object.values(DeviceStatusFilter).map((code) => ({
  id: code,
  name: `resources.devicelist.status.${code}`,
}));

/** Devices with a low battery: a home page figure links to these (online is `connection`). */
const fleetChoices = FLEET_SIGNALS.filter((signal) => signal !== 'online').map((signal) => ({
  id: signal,
  name: `resources.devicelist.fleet.${signal}`,
}));

/** Held by a live server node now, or not (the ONLINE field, server/device/presence-read.ts). */
const connectionChoices = [
  { id: 'online', name: 'presence.online' },
  { id: 'offline', name: 'presence.offline' },
];

/**
 * The platform, status and connection filters, always shown beside the list's toolbar, and the fleet
 * filter, shown (with its remove button) when a link from the home page set it.
 */
export const deviceFilters = [
  <SelectInput
    key="platform"
    source="platform"
    label="resources.devicelist.filters.platform"
    choices={platformChoices}
    emptyText="resources.devicelist.filters.platform_all"
    helperText={false}
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="status"
    label="resources.devicelist.filters.status"
    choices={statusChoices}
    emptyText="resources.devicelist.status.all"
    helperText={false}
    alwaysOn
  />,
  <SelectInput
    key="connection"
    source="connection"
    label="presence.filter"
    choices={connectionChoices}
    emptyText="presence.filter_all"
    helperText={false}
    alwaysOn
  />,
  <SelectInput
    key="fleet"
    source="fleet"
    label="resources.devicelist.filters.fleet"
    choices={fleetChoices}
    emptyText="resources.devicelist.fleet.all"
    helperText={false}
  />,
];
