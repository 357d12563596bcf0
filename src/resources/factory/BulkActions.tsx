import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Button,
  useDataProvider,
  useListContext,
  useLocale,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import type { BulkAction, ResourceDefinition } from '../../../protocol/resource-definition';
import type { FlotaDataProvider } from '../../dataProvider';
import { DeleteConfirm } from './DeleteConfirm';

interface BulkActionsProps {
  definition: ResourceDefinition;
  actions: BulkAction[];
  canDelete: boolean;
  database?: number | null;
}

/** The buttons shown over selected rows: the definition's bulk actions, then delete. */
export function BulkActions({ definition, actions, canDelete, database }: BulkActionsProps) {
  const { selectedIds, data } = useListContext();
  const [deleting, setDeleting] = useState(false);
  const unselectAll = useUnselectAll(definition.name);
  const records = (data ?? []).filter((row) => selectedIds.includes(row.id));
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
      {canDelete && (
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
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(definition.name);
  const run = useMutation({
    mutationFn: () =>
      dataProvider.bulkAction(definition.name, action.name, selectedIds, database ?? undefined),
    onSuccess: () => {
      notify('factory.bulk.done', {
        type: 'success',
        messageArgs: { smart_count: selectedIds.length },
      });
      unselectAll();
    },
    // Records done before a refusal are done: the list is refreshed either way.
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => refresh(),
  });
  return (
    <Button label={action.label[language]} disabled={run.isPending} onClick={() => run.mutate()}>
      <DoneAllIcon />
    </Button>
  );
}
