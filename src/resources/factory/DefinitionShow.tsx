import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionFields } from './DefinitionFields';
import { RecordHistory } from './RecordHistory';

type Row = Record<string, unknown> & { id: string | number };

interface DefinitionShowProps {
  definition: ResourceDefinition;
  record: Row | null;
  onClose(): void;
}

/**
 * The show view of a declared resource: every field of a row with its label, read-only, for a
 * caller who may list the resource but not edit it (a row of the actions log, a notification).
 * JSON is shown whole, not as the list's one-line summary. Passwords are never shown.
 */
export function DefinitionShow({ definition, record, onClose }: DefinitionShowProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const title = record
    ? String(record[definition.labelField] ?? record.id)
    : definition.title.one[language];
  return (
    <Dialog
      open={record !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="definition-show-title"
    >
      <DialogTitle id="definition-show-title">
        {definition.title.one[language]} · {title}
      </DialogTitle>
      <DialogContent dividers>
        {record && <DefinitionFields definition={definition} record={record} />}
        {record && definition.storage && <RecordHistory definition={definition} id={record.id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
