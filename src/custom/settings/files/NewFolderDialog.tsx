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
import { FOLDER_NAME } from './projectFilesContext';

/** Asks a new folder's name; the folder is kept once a file is uploaded into it. */
export function NewFolderDialog(props: {
  open: boolean;
  onClose(): void;
  onName(name: string): void;
}) {
  const { open, onClose, onName } = props;
  const translate = useTranslate();
  const [name, setName] = useState('');
  const bad = name !== '' && !FOLDER_NAME.test(name);
  const submit = () => {
    if (!FOLDER_NAME.test(name)) return;
    onName(name);
    setName('');
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{translate('projectFiles.new_folder')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('projectFiles.folder_name')}
            value={name}
            error={bad}
            helperText={translate(bad ? 'projectFiles.bad_name' : 'projectFiles.folder_hint')}
            onChange={(event) => setName(event.target.value.trim())}
            slotProps={{ htmlInput: { maxLength: 128 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('projectFiles.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!FOLDER_NAME.test(name)}>
            {translate('projectFiles.open_folder')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
