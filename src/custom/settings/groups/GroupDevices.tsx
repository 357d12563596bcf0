import { useState } from 'react';
import {
  Box,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useLocale, useTranslate } from 'react-admin';
import { PLATFORM_LABELS } from '../../../../protocol/devices';
import { GROUP_PICKER_PAGE, type GroupDevice } from '../../../../protocol/groups';
import { visuallyHidden } from './DevicePicker';

interface GroupDevicesProps {
  devices: GroupDevice[];
  readOnly: boolean;
  onRemove(id: number): void;
}

/** The devices in the group (at most 5,000, held by the editor), 10 to a page. */
export function GroupDevices({ devices, readOnly, onRemove }: GroupDevicesProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const [page, setPage] = useState(0);
  const last = Math.max(0, Math.ceil(devices.length / GROUP_PICKER_PAGE) - 1);
  const shown = Math.min(page, last);
  const rows = devices.slice(shown * GROUP_PICKER_PAGE, (shown + 1) * GROUP_PICKER_PAGE);
  const platform = (code: string | null) =>
    code ? (PLATFORM_LABELS[code as keyof typeof PLATFORM_LABELS]?.[language] ?? code) : '';
  return (
    <Box component="section" aria-labelledby="group-devices-title" sx={{ mt: 2 }}>
      <Typography id="group-devices-title" variant="subtitle1" component="h3">
        {translate('groups.editor.devices', { count: devices.length })}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('groups.editor.no_devices')}
        </Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby="group-devices-title">
              <TableHead>
                <TableRow>
                  {['MID', 'OWNER', 'EMAIL', 'PIN', 'DEVICE_TYPE'].map((column) => (
                    <TableCell key={column}>{translate(`groups.columns.${column}`)}</TableCell>
                  ))}
                  {!readOnly && (
                    <TableCell padding="checkbox">
                      <Typography variant="inherit" sx={visuallyHidden}>
                        {translate('groups.editor.remove')}
                      </Typography>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((device) => (
                  <TableRow key={device.IDDEVICE}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{device.MID}</TableCell>
                    <TableCell>{device.OWNER}</TableCell>
                    <TableCell>{device.EMAIL}</TableCell>
                    <TableCell>{device.PIN}</TableCell>
                    <TableCell>{platform(device.PLATFORM)}</TableCell>
                    {!readOnly && (
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={translate('groups.editor.remove_named', { name: device.MID })}
                          onClick={() => onRemove(device.IDDEVICE)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {devices.length > GROUP_PICKER_PAGE && (
            <TablePagination
              component="div"
              count={devices.length}
              page={shown}
              rowsPerPage={GROUP_PICKER_PAGE}
              rowsPerPageOptions={[GROUP_PICKER_PAGE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          )}
        </>
      )}
    </Box>
  );
}
