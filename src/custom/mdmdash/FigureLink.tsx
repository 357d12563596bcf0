import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { useLocale } from 'react-admin';
import { Link } from 'react-router-dom';
import { deviceListAddress, type DeviceListFilter } from '../../../protocol/mdm/dashboard';
import { MDM_DEVICES } from '../../../protocol/resources/mdm-devices';

/** The managed-devices list filtered as a figure counts (protocol/mdm/dashboard.ts). */
export const listAddress = (filter: DeviceListFilter) =>
  deviceListAddress(MDM_DEVICES.path, filter);

/** One figure: its label and its number, a link to the list of the devices it counts. */
export function FigureLink({
  label,
  value,
  filter,
}: {
  label: string;
  value: number;
  /** None: a figure with no list of its own, shown without a link. */
  filter?: DeviceListFilter;
}) {
  const locale = useLocale();
  const row = (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography component="span">{label}</Typography>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {value.toLocaleString(locale)}
      </Typography>
    </Stack>
  );
  if (!filter) return row;
  return (
    <MuiLink component={Link} to={listAddress(filter)} underline="hover" sx={{ display: 'block' }}>
      {row}
    </MuiLink>
  );
}
