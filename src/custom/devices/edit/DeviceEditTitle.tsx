import CloseIcon from '@mui/icons-material/Close';
import { DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeviceForEdit } from '../../../dataProvider';
import { StateChip } from './StateChip';
import { ConnectionChip } from '../../../resources/presence/ConnectionChip';
import { LastSeen } from '../../../resources/presence/LastSeen';

interface DeviceEditTitleProps {
  id: string;
  /** Absent while the device loads. */
  device: DeviceForEdit | undefined;
  isNew: boolean;
  onClose: () => void;
}

/**
 * "Nuevo dispositivo", or the device's MID with its colour state and its connection state (with
 * when it was last seen while offline); the dialog's close button.
 */
export function DeviceEditTitle({ id, device, isNew, onClose }: DeviceEditTitleProps) {
  const translate = useTranslate();
  return (
    <DialogTitle id={id} component="div" sx={{ pr: 7 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all' }}>
          {isNew ? translate('device_edit.title_new') : (device?.MID ?? '')}
        </Typography>
        {!isNew && device && <StateChip state={device.Estado} />}
        {!isNew && device?.ONLINE !== undefined && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-presence>
            <ConnectionChip online={device.ONLINE} />
            {!device.ONLINE && (
              <Typography variant="body2" color="text.secondary">
                <LastSeen value={device.LAST_SEEN} prefix />
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
      <IconButton
        aria-label={translate('device_edit.close')}
        title={translate('device_edit.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
