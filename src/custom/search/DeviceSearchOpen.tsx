import LaunchIcon from '@mui/icons-material/Launch';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RowIconAction } from '../../resources/factory/RowIconAction';
import { foundDeviceAddress, type FoundDevice } from './openedDevice';

/**
 * Opens the device of a global search row where it is worked on: the device dialog of its
 * project's device list (001 "Global device search": a row opens the device edit dialog), as a
 * click on the row does (the `search` list's `rowAddress`, src/resources/slots.ts).
 */
export function DeviceSearchOpen() {
  const record = useRecordContext<FoundDevice & { id: string }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <RowIconAction
      label={translate('search.open', { mid: record.MID })}
      Icon={LaunchIcon}
      onClick={() => navigate(foundDeviceAddress(record))}
    />
  );
}
