import { useState } from 'react';
import { Dialog, useMediaQuery, type Theme } from '@mui/material';
import { DeviceEditContent } from './DeviceEditContent';

export interface DeviceEditDialogProps {
  database: number;
  /** null: a new device. */
  deviceId: number | null;
  open: boolean;
  /** `saved` is true when a save succeeded while the dialog was open: the list should refresh. */
  onClose: (saved: boolean) => void;
}

/**
 * The device edit dialog (001 §2): large, with a static backdrop, so that a click beside it or
 * Escape never throws away a form; it closes with its close button or Cancel only.
 */
export function DeviceEditDialog({ database, deviceId, open, onClose }: DeviceEditDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Each opening starts afresh. MUI unmounts the content once the closing transition is over;
  // the key also covers reopening before that.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening(opening + 1);
  }
  return (
    <Dialog
      open={open}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      disableEscapeKeyDown
      // A fixed height: switching tabs does not make the dialog jump.
      slotProps={{ paper: { sx: { height: { sm: 'calc(100% - 64px)' } } } }}
      aria-labelledby="device-edit-title"
    >
      <DeviceEditContent
        key={`${opening}-${deviceId ?? 'new'}`}
        titleId="device-edit-title"
        database={database}
        deviceId={deviceId}
        onClose={onClose}
      />
    </Dialog>
  );
}
