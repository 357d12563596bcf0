import { IconButton, Tooltip } from '@mui/material';
import LaunchIcon from '@mui/icons-material/Launch';
import { useRecordContext, useTranslate } from 'react-admin';
import { openDevice, type OpenedDevice } from './openedDevice';

/**
 * Opens the device of a global search row in the device edit dialog, in its own project (001
 * "Global device search": a row opens the device edit dialog): the `search` list's row actions
 * slot (src/resources/slots.ts). The list's header holds the dialog (DeviceSearchHeader).
 */
export function DeviceSearchOpen() {
  const record = useRecordContext<OpenedDevice & { id: string; MID: string }>();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('search.open', { mid: record.MID });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          // The row opens its record on a click: this one opens the device instead.
          event.stopPropagation();
          openDevice({ database: record.database, ID: record.ID });
        }}
      >
        <LaunchIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
