import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Form,
  SaveButton,
  useCreate,
  useLocale,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionInputs } from './DefinitionForm';
import { DeleteConfirm } from './DeleteConfirm';
import { formRecord, formSubmission } from './formRecord';

type Values = Record<string, unknown>;

export interface DefinitionDialogProps {
  definition: ResourceDefinition;
  /** null: closed; a record: edit it; 'create': a new record. */
  target: Values | 'create' | null;
  canDelete: boolean;
  database?: number | null;
  onClose(): void;
}

/**
 * Create and edit of a declared resource in a dialog over its list: the declared inputs,
 * validated inline with the server's texts; a refusal of the server is shown as it answered
 * (its description, already in the caller's language).
 */
export function DefinitionDialog(props: DefinitionDialogProps) {
  const { definition, target, canDelete, database, onClose } = props;
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const notify = useNotify();
  const refresh = useRefresh();
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  const [deleting, setDeleting] = useState(false);
  const mode = target === 'create' ? 'create' : 'edit';
  const row = target && target !== 'create' ? target : null;
  const meta = database ? { database } : undefined;
  const options = {
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      notify(mode === 'create' ? 'ra.notification.created' : 'ra.notification.updated', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      onClose();
      refresh();
    },
    onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
  };

  const submit = (values: Values) => {
    const data = formSubmission(definition, values);
    if (row)
      update(definition.name, { id: row.id as never, data, previousData: row, meta }, options);
    else create(definition.name, { data, meta }, options);
  };

  const title =
    mode === 'create'
      ? translate('factory.form.create_title', {
          resource: definition.title.one[language].toLocaleLowerCase(language),
        })
      : String(row?.[definition.labelField] ?? definition.title.one[language]);

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="definition-dialog-title"
    >
      {target !== null && (
        <Form
          record={formRecord(definition, mode, row)}
          onSubmit={submit}
          resource={definition.name}
        >
          <DialogTitle id="definition-dialog-title">{title}</DialogTitle>
          <DialogContent>
            <DefinitionInputs definition={definition} mode={mode} />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {row && canDelete && (
              <Button
                color="warning"
                startIcon={<DeleteIcon />}
                onClick={() => setDeleting(true)}
                sx={{ mr: 'auto' }}
              >
                {translate('ra.action.delete')}
              </Button>
            )}
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <SaveButton
              alwaysEnable={mode === 'create'}
              disabled={creating.isPending || updating.isPending}
            />
          </DialogActions>
        </Form>
      )}
      {row && (
        <DeleteConfirm
          definition={definition}
          records={[row]}
          ids={[row.id as never]}
          open={deleting}
          database={database}
          onClose={() => setDeleting(false)}
          onDeleted={onClose}
        />
      )}
    </Dialog>
  );
}
