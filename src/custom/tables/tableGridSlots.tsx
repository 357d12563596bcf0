import { useRef } from 'react';
import { Alert, Box, FormControlLabel, Switch } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  useListContext,
  useRecordContext,
  useTranslate,
  useUnselectAll,
  type RaRecord,
} from 'react-admin';
import { useDefinitionListUi } from '../../resources/factory/listUi';
import { RowIconAction } from '../../resources/factory/RowIconAction';
import type { EditorProps, ResourceSlots } from '../../resources/slots';
import { DeleteSelected } from './DeleteSelected';
import { RecordEditor } from './RecordEditor';
import { tableRow, useTableGrid } from './tableGridUi';

/** The multi-select switch, for those who may change the table. */
function GridToolbar() {
  const translate = useTranslate();
  const { can, definition } = useDefinitionListUi();
  const { multi, setMulti } = useTableGrid();
  const unselectAll = useUnselectAll(definition.name);
  if (!can('edit')) return null;
  return (
    <FormControlLabel
      sx={{ mx: 1 }}
      control={
        <Switch
          checked={multi}
          onChange={(event) => {
            setMulti(event.target.checked);
            unselectAll();
          }}
        />
      }
      label={translate('tables.grid.multi')}
    />
  );
}

/** Above the rows: the statement the server ran last, a failed read, an estimated total. */
function GridHeader() {
  const translate = useTranslate();
  const { statement, setStatement } = useTableGrid();
  const { error, meta } = useListContext();
  const estimated = (meta as { totalEstimated?: boolean } | undefined)?.totalEstimated;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1, '&:empty': { display: 'none' } }}>
      {statement && (
        <Alert severity="success" onClose={() => setStatement(null)}>
          <Box component="code" sx={{ wordBreak: 'break-word' }}>
            {statement}
          </Box>
        </Alert>
      )}
      {error && (
        <Alert severity="error">
          {translate('tables.grid.failed', { description: (error as Error).message })}
        </Alert>
      )}
      {estimated && <Alert severity="info">{translate('tables.grid.estimated')}</Alert>}
    </Box>
  );
}

/** A row's edit (the record editor) and delete (the editor asking to confirm it). */
function GridRowActions() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { open } = useDefinitionListUi();
  const { setDeleting } = useTableGrid();
  if (!record) return null;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <RowIconAction
        label={translate('tables.grid.edit')}
        Icon={EditIcon}
        onClick={() => open(record)}
      />
      <RowIconAction
        label={translate('tables.grid.delete')}
        Icon={DeleteIcon}
        onClick={() => setDeleting(record)}
      />
    </Box>
  );
}

/** The record editor (RecordEditor.tsx) for the factory's create and edit, and a row's delete. */
function GridEditor({ target, onClose }: EditorProps) {
  const { database, table, columns, deleting, setDeleting, setStatement } = useTableGrid();
  const row = (record: RaRecord) => tableRow(columns, record);
  const editorTarget = deleting
    ? { action: 'delete' as const, row: row(deleting) }
    : target === 'create'
      ? { action: 'insert' as const, row: null }
      : target
        ? { action: 'edit' as const, row: row(target) }
        : null;
  // Whether the editor saved before it closed: the list is read again then.
  const saved = useRef(false);
  return (
    <RecordEditor
      database={database}
      table={table}
      columns={columns}
      target={editorTarget}
      onSaved={(statement) => {
        saved.current = true;
        setStatement(statement);
      }}
      onClose={() => {
        setDeleting(null);
        onClose(saved.current);
        saved.current = false;
      }}
    />
  );
}

/**
 * The grid's parts in the factory's list (src/resources/slots.ts): the record editor, the
 * server's statement and the estimated total above the rows; for those who may change the table,
 * the multi-select switch, and either each row's edit and delete or, in multi-select mode, the
 * delete of the selected rows in one call.
 */
export function tableGridSlots(writable: boolean, multi: boolean): ResourceSlots {
  return {
    toolbar: GridToolbar,
    header: GridHeader,
    editor: GridEditor,
    empty: false,
    ...(writable && !multi ? { rowActions: GridRowActions } : {}),
    ...(writable && multi ? { bulkActions: DeleteSelected } : {}),
  };
}
