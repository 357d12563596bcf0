import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslate } from 'react-admin';

interface InfoDialogProps {
  title: string;
  message: string;
  onClose(): void;
}

/** A failure told in a dialog the user closes (sign-in, delete and restore failures, 000 §8). */
export function InfoDialog({ title, message, onClose }: InfoDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} aria-describedby="info-dialog-message">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="info-dialog-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('environments.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
