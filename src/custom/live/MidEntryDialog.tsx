import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';

interface MidEntryDialogProps {
  open: boolean;
  onClose(): void;
  onOpen(mid: string): void;
}

/** The MID entry modal (001 §2): any device's live panel, by typing its MID. */
export function MidEntryDialog({ open, onClose, onOpen }: MidEntryDialogProps) {
  const translate = useTranslate();
  const [mid, setMid] = useState('');
  const typed = mid.trim();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="live-mid-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed) onOpen(typed);
        }}
      >
        <DialogTitle id="live-mid-title">{translate('live.mid_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('live.mid_label')}
            value={mid}
            onChange={(event) => setMid(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!typed}>
            {translate('live.mid_open')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
