import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
// The vendored icon set has no info icon: the circled mark, in the info colour.
import InfoIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import type { RefusalSurface } from '../dataProvider/surfaces';

interface RefusalDialogProps {
  surface: RefusalSurface;
  /** The server's `error.description`, in the console's language. */
  text: string;
  onClose(): void;
}

/**
 * A refused answer the person reads and dismisses (002 §8): "-1" an information dialog, "-2" a
 * warning dialog, the devices listing's "-1" 'Atención!' saying what to create first.
 */
export function RefusalDialog({ surface, text, onClose }: RefusalDialogProps) {
  const translate = useTranslate();
  const Icon = surface === 'info' ? InfoIcon : WarningIcon;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="refusal-title"
      aria-describedby="refusal-text"
      role="alertdialog"
    >
      <DialogTitle id="refusal-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon color={surface === 'info' ? 'info' : 'warning'} aria-hidden />
        {translate(`app.refusal.${surface}`)}
      </DialogTitle>
      <DialogContent id="refusal-text">
        {surface === 'attention' && (
          <DialogContentText sx={{ mb: 1 }}>
            {translate('app.refusal.create_tables')}
          </DialogContentText>
        )}
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('app.refusal.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
