import { useRef, useState } from 'react';
import { Dialog, useMediaQuery, type Theme } from '@mui/material';
import { DeviceEditContent } from './DeviceEditContent';

export interface DeviceEditDialogProps {
  database: number;
  /** null: a new device. */
  deviceId: number | null;
  /** Opened by an "Editar" action: editable at once, and Cancelar closes it. */
  startEditing?: boolean;
  open: boolean;
  /** `saved` is true when a save succeeded while the dialog was open: the list should refresh. */
  onClose: (saved: boolean) => void;
}

/**
 * The device edit dialog (001 §2): large, with a static backdrop, so that a stray click beside
 * it never throws away a form. Escape is the content's: it leaves an edit as Cancelar does, and
 * closes the dialog when nothing is being edited.
 */
export function DeviceEditDialog(props: DeviceEditDialogProps) {
  const { database, deviceId, startEditing, open, onClose } = props;
  const escapeRef = useRef<() => void>(() => onClose(false));
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
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') escapeRef.current();
      }}
      // A fixed height: switching tabs does not make the dialog jump.
      slotProps={{ paper: { sx: { height: { sm: 'calc(100% - 64px)' } } } }}
      aria-labelledby="device-edit-title"
    >
      <DeviceEditContent
        key={`${opening}-${deviceId ?? 'new'}`}
        titleId="device-edit-title"
        database={database}
        deviceId={deviceId}
        startEditing={startEditing}
        escapeRef={escapeRef}
        onClose={onClose}
      />
    </Dialog>
  );
}
