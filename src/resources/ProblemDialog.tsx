import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslate } from 'react-admin';

interface ProblemDialogProps {
  /** i18n key of the title. */
  title: string;
  /** The text, already in the console's language. */
  text: string;
  open: boolean;
  onClose(): void;
}

/** A failure the person must read and dismiss (001 §8: a lock failure is a problem dialog). */
export function ProblemDialog({ title, text, open, onClose }: ProblemDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="problem-dialog-title" role="alertdialog">
      <DialogTitle id="problem-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorOutlineIcon color="error" aria-hidden />
        {translate(title)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
