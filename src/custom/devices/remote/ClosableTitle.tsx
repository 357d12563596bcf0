import type { ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { DialogTitle, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The props of a dialog that shows one help-desk file of a device; `file` null: closed. */
export interface HelpdeskFileDialogProps {
  database: number;
  mid: string;
  /** The file's fullpath; null: closed. */
  file: string | null;
  onClose: () => void;
}

/** A dialog title with the close button in its corner. */
export function ClosableTitle({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <DialogTitle sx={{ pr: 6 }}>
      {children}
      <IconButton
        aria-label={translate('remote.command.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
