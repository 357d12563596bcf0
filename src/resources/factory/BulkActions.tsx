import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Button, useListContext, useLocale, useUnselectAll } from 'react-admin';
import {
  isUndeletable,
  type BulkAction,
  type ResourceDefinition,
} from '../../../protocol/resource-definition';
import { DeleteConfirm } from './DeleteConfirm';
import { useBulkAction } from './useBulkAction';

interface BulkActionsProps {
  definition: ResourceDefinition;
  actions: BulkAction[];
  canDelete: boolean;
  database?: number | null;
}

/**
 * The buttons shown over selected rows: the definition's bulk actions, then delete, unless every
 * selected row is undeletable (the confirmation leaves those out of a mixed selection).
 */
export function BulkActions({ definition, actions, canDelete, database }: BulkActionsProps) {
  const { selectedIds, data } = useListContext();
  const [deleting, setDeleting] = useState(false);
  const unselectAll = useUnselectAll(definition.name);
  const records = (data ?? []).filter((row) => selectedIds.includes(row.id));
  const kept = records.filter((row) => isUndeletable(definition, row)).length;
  return (
    <>
      {actions.map((action) => (
        <BulkActionButton
          key={action.name}
          definition={definition}
          action={action}
          database={database}
        />
      ))}
      {canDelete && kept < selectedIds.length && (
        <>
          <Button label="ra.action.delete" color="warning" onClick={() => setDeleting(true)}>
            <DeleteIcon />
          </Button>
          <DeleteConfirm
            definition={definition}
            records={records}
            ids={selectedIds}
            open={deleting}
            database={database}
            onClose={() => setDeleting(false)}
            onDeleted={() => unselectAll()}
          />
        </>
      )}
    </>
  );
}

function BulkActionButton({
  definition,
  action,
  database,
}: {
  definition: ResourceDefinition;
  action: BulkAction;
  database?: number | null;
}) {
  const { selectedIds } = useListContext();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const run = useBulkAction(definition, database);
  return (
    <Button
      label={action.label[language]}
      disabled={run.isPending}
      onClick={() => run.mutate({ action, ids: selectedIds })}
    >
      <DoneAllIcon />
    </Button>
  );
}
