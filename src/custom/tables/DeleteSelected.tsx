import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { ALL_DEVICES } from '../../../protocol/replication';
import type { FlotaDataProvider } from '../../dataProvider';
import { rowKey } from './recordValues';
import { tableRow, useTableGrid } from './tableGridUi';

/**
 * Multi-select mode's delete (the grid's bulk actions slot): the selected records in one
 * `updateTableData` call with their keys in `rows`, one transaction, all or none, after a
 * confirmation; on a `gen_` table, to every device (9999) when the switch asks for it.
 */
export function DeleteSelected() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { resource, selectedIds } = useListContext();
  const unselectAll = useUnselectAll(resource);
  const { database, table, columns, setStatement } = useTableGrid();
  const [confirming, setConfirming] = useState(false);
  const [replicate, setReplicate] = useState(false);
  const gen = table.startsWith('gen_');

  const deleteSelected = async () => {
    setConfirming(false);
    try {
      // The rows as the list read them, on whichever page they were selected.
      const { data } = await dataProvider.getMany(resource, { ids: selectedIds });
      const answer = await dataProvider.updateTableData(database, {
        table,
        action: 'delete',
        replica: replicate && gen,
        replicaMID: ALL_DEVICES,
        columns: columns.map((c) => c.COLUMN_NAME),
        data: {},
        rows: data.map((record) => rowKey(columns, tableRow(columns, record))),
        changes: {},
      });
      setStatement(answer.statement);
      notify('tables.grid.deleted', {
        type: 'info',
        messageArgs: { smart_count: answer.RecordsAffected },
      });
      unselectAll();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
    refresh();
  };

  return (
    <>
      {gen && (
        <FormControlLabel
          control={
            <Switch checked={replicate} onChange={(event) => setReplicate(event.target.checked)} />
          }
          label={translate('tables.editor.replica')}
        />
      )}
      <Button
        label={translate('tables.grid.delete_selected', { smart_count: selectedIds.length })}
        color="warning"
        onClick={() => setConfirming(true)}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="tables.grid.confirm_title"
        content="tables.grid.confirm_content"
        translateOptions={{ smart_count: selectedIds.length, table }}
        onConfirm={() => void deleteSelected()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
