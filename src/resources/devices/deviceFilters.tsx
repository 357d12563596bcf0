import { SelectInput } from 'react-admin';
import { DeviceStatusFilter, PLATFORMS } from '../../../protocol/devices';

const platformChoices = PLATFORMS.map((platform) => ({ id: platform, name: platform }));

/** 0 sync, 1 not sync, 2 disabled, 3 generating db, 4 enabled (000 §2); empty is all. */
const statusChoices = Object.values(DeviceStatusFilter).map((code) => ({
  id: code,
  name: `resources.devicelist.status.${code}`,
}));

/** The platform and status filters, always shown beside the list's toolbar. */
export const deviceFilters = [
  <SelectInput
    key="platform"
    source="platform"
    label="resources.devicelist.filters.platform"
    choices={platformChoices}
    translateChoice={false}
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
];
