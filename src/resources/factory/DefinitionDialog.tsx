import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { Form } from 'react-admin';
import { isUndeletable, type ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionFormActions } from './DefinitionFormActions';
import { DefinitionInputs } from './DefinitionForm';
import { RecordHistory } from './RecordHistory';
import { formRecord } from './formRecord';
import { useFormTitle } from './formTitle';
import { useDefinitionSubmit } from './useDefinitionSubmit';

type Values = Record<string, unknown>;

export interface DefinitionDialogProps {
  definition: ResourceDefinition;
  /** null: closed; a record: edit it; 'create': a new record. */
  target: Values | 'create' | null;
  canDelete: boolean;
  database?: number | null;
  /** Values a new record starts with, over the declared defaults (an install request). */
  initial?: Values;
  onClose(): void;
}

/**
 * Create and edit of a declared resource in a dialog over its list (`form: 'dialog'`): the
 * declared inputs, validated inline with the server's texts.
 */
export function DefinitionDialog(props: DefinitionDialogProps) {
  const { definition, target, canDelete, database, initial, onClose } = props;
  const mode = target === 'create' ? 'create' : 'edit';
  const row = target && target !== 'create' ? target : null;
  const { submit, pending } = useDefinitionSubmit(definition, row, database, onClose);
  const title = useFormTitle(definition, row);

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
          record={{ ...formRecord(definition, mode, row), ...(row ? {} : initial) }}
          onSubmit={submit}
          resource={definition.name}
        >
          <DialogTitle id="definition-dialog-title">{title}</DialogTitle>
          <DialogContent>
            <DefinitionInputs definition={definition} mode={mode} />
            {/* The engine keeps every write of the resources it stores (server/engine/). */}
            {row && definition.storage && (
              <RecordHistory
                definition={definition}
                id={row.id}
                database={database}
                onReverted={onClose}
              />
            )}
          </DialogContent>
          <DefinitionFormActions
            definition={definition}
            row={row}
            canDelete={canDelete && !(row && isUndeletable(definition, row))}
            database={database}
            pending={pending}
            onCancel={onClose}
            onDeleted={onClose}
          />
        </Form>
      )}
    </Dialog>
  );
}
