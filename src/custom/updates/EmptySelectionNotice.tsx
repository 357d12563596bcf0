import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { UPDATE_MESSAGES } from '../../../protocol/updates';
import type { DraftProblem } from './updateDraft';

/**
 * The notice that stops a publish (000 §5), titled 'Selección vacía' with the specification's
 * text; closing it opens the selection list when the devices are missing.
 */
export function EmptySelectionNotice({
  problem,
  onClose,
}: {
  problem: DraftProblem | null;
  onClose(): void;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const texts = UPDATE_MESSAGES[language];
  const text =
    problem?.message === 'noFiles'
      ? translate('updates.new.no_files')
      : problem
        ? texts[problem.message]
        : '';
  return (
    <Dialog
      open={problem !== null}
      onClose={onClose}
      aria-labelledby="update-empty-title"
      aria-describedby="update-empty-text"
    >
      <DialogTitle id="update-empty-title">{texts.emptySelection}</DialogTitle>
      <DialogContent>
        <DialogContentText id="update-empty-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={onClose}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
