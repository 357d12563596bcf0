import LaunchIcon from '@mui/icons-material/Launch';
import { useRecordContext, useTranslate } from 'react-admin';
import { RowIconAction } from '../factory/RowIconAction';
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
  return (
    <RowIconAction
      label={translate('search.open', { mid: record.MID })}
      Icon={LaunchIcon}
      onClick={() => openDevice({ database: record.database, ID: record.ID })}
    />
  );
}
