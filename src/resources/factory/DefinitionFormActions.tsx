import { useState } from 'react';
import { Button, DialogActions } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { SaveButton, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DeleteConfirm } from './DeleteConfirm';

type Values = Record<string, unknown>;

interface DefinitionFormActionsProps {
  definition: ResourceDefinition;
  /** The record edited; null on create. */
  row: Values | null;
  canDelete: boolean;
  database?: number | null;
  pending: boolean;
  onCancel(): void;
  /** After the record was deleted. */
  onDeleted(): void;
}

/** The buttons under a declared form: delete (edit only, when allowed), cancel, save. */
export function DefinitionFormActions(props: DefinitionFormActionsProps) {
  const { definition, row, canDelete, database, pending, onCancel, onDeleted } = props;
  const translate = useTranslate();
  const [deleting, setDeleting] = useState(false);
  return (
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
      <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      <SaveButton alwaysEnable={!row} disabled={pending} />
      {row && (
        <DeleteConfirm
          definition={definition}
          records={[row]}
          ids={[row.id as never]}
          open={deleting}
          database={database}
          onClose={() => setDeleting(false)}
          onDeleted={onDeleted}
        />
      )}
    </DialogActions>
  );
}
