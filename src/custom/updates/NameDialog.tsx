import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { UPDATE_FILE_NAME_MAX, UPDATE_MESSAGES } from '../../../protocol/updates';

/** Asks the name of a file to delete or execute on the device; an empty name is refused (000 §5). */
export function NameDialog({
  kind,
  onClose,
  onAdd,
}: {
  kind: 'delete' | 'execute' | null;
  onClose(): void;
  onAdd(kind: 'delete' | 'execute', name: string): void;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const [name, setName] = useState('');
  const [refused, setRefused] = useState(false);
  const close = () => {
    setName('');
    setRefused(false);
    onClose();
  };
  const add = () => {
    if (!kind) return;
    if (!name.trim()) return setRefused(true);
    onAdd(kind, name);
    close();
  };
  return (
    <Dialog
      open={kind !== null}
      onClose={close}
      aria-labelledby="update-name-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="update-name-title">
        {kind && translate(`updates.new.name_title_${kind}`)}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('updates.new.file_name')}
          value={name}
          error={refused}
          helperText={refused ? UPDATE_MESSAGES[language].noFileName : ' '}
          onChange={(event) => {
            setName(event.target.value);
            setRefused(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
          slotProps={{ htmlInput: { maxLength: UPDATE_FILE_NAME_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('updates.new.cancel')}</Button>
        <Button variant="contained" onClick={add}>
          {translate('updates.new.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
