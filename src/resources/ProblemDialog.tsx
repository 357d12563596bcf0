import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
// The vendored icon set has no info icon: the circled mark serves problems and information.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';

interface ProblemDialogProps {
  /** i18n key of the title. */
  title: string;
  /** The text, already in the console's language. */
  text: string;
  open: boolean;
  onClose(): void;
  /** Its icon's colour and shape: a problem (default), information, or a warning. */
  tone?: 'error' | 'info' | 'warning';
  /** A line before the text, already in the console's language. */
  lead?: string;
  /** i18n key of the button that closes it. */
  closeLabel?: string;
}

/**
 * A message the person must read and dismiss: a failure (001 §8: a lock failure is a problem
 * dialog), or a refused answer's information or warning (002 §8, src/layout/RefusalDialog.tsx).
 */
export function ProblemDialog({
  title,
  text,
  open,
  onClose,
  tone = 'error',
  lead,
  closeLabel = 'ra.action.close',
}: ProblemDialogProps) {
  const translate = useTranslate();
  const Icon = tone === 'warning' ? WarningIcon : ErrorOutlineIcon;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="problem-dialog-title"
      aria-describedby="problem-dialog-text"
      role="alertdialog"
    >
      <DialogTitle id="problem-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon color={tone} aria-hidden />
        {translate(title)}
      </DialogTitle>
      <DialogContent id="problem-dialog-text">
        {lead && <DialogContentText sx={{ mb: 1 }}>{lead}</DialogContentText>}
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate(closeLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
