import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import { useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RowIconAction } from '../../resources/factory/RowIconAction';
import { listAddress } from './FigureLink';

/** An MDM user's row action: the managed-devices list of the devices assigned to them. */
export function UserDevicesLink() {
  const record = useRecordContext();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <RowIconAction
      label={translate('mdmdash.user_devices')}
      Icon={PhoneAndroidIcon}
      onClick={() => navigate(listAddress({ mdmUser: String(record.id) }))}
    />
  );
}
