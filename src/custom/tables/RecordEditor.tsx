import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { Form, HttpError, SaveButton, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ALL_DEVICES } from '../../../protocol/replication';
import { WIDE_TABLE, type RecordAction, type TableColumn } from '../../../protocol/table-data';
import type { FlotaDataProvider } from '../../dataProvider';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { formRecord } from '../../resources/factory/formRecord';
import { previewStatement, recordChanges, rowKey, type Row } from './recordValues';
import { tableDefinition } from './tableDefinition';

export interface EditorTarget {
  action: RecordAction;
  /** The row edited or deleted; null for a new one. */
  row: Row | null;
}

interface RecordEditorProps {
  database: number;
  table: string;
  columns: TableColumn[];
  target: EditorTarget | null;
  onClose(): void;
  /** After a change the server accepted: its statement. */
  onSaved(statement: string): void;
}

/**
 * The record edit dialog (001 §2, §5): the form is the factory's, from a resource definition
 * made of the table's column metadata (tableDefinition.ts); two columns of fields up to 10 table
 * columns, three and a large dialog above. It shows the statement it will run; a `gen_` table
 * offers the replica to the devices (MID 9999: all). The server's refusal stays in the dialog.
 */
export function RecordEditor(props: RecordEditorProps) {
  const { database, table, columns, target, onClose, onSaved } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const definition = useMemo(() => tableDefinition(table, columns), [table, columns]);
  const [replica, setReplica] = useState(false);
  // Empty: every device (MID 9999), as the helper text says.
  const [mid, setMid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const wide = columns.length > WIDE_TABLE;
  const gen = table.startsWith('gen_');
  const action = target?.action ?? 'edit';
  const row = target?.row ?? null;

  const close = () => {
    setError(null);
    setReplica(false);
    setMid('');
    onClose();
  };
  const submit = async (values: Row) => {
    setPending(true);
    setError(null);
    try {
      const result = await dataProvider.updateTableData(database, {
        table,
        action,
        replica: gen && replica,
        replicaMID: mid.trim() || ALL_DEVICES,
        columns: columns.map((c) => c.COLUMN_NAME),
        data: action === 'insert' ? {} : rowKey(columns, row),
        changes: recordChanges(action, row, values),
      });
      notify('tables.editor.updated', { type: 'success' });
      onSaved(result.statement);
      close();
    } catch (failure) {
      if (!(failure instanceof HttpError)) {
        // No answer from the server (001 §8): the dialog closes, saying why, the row unchanged.
        notify('tables.editor.failed', { type: 'error' });
        close();
        return;
      }
      setError(failure.message || translate('tables.editor.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      fullWidth
      maxWidth={wide ? 'lg' : 'md'}
      aria-labelledby="record-editor-title"
    >
      {target !== null && (
        <Form
          record={action === 'insert' ? formRecord(definition, 'create', null) : (row ?? {})}
          onSubmit={(values: Row) => submit(values)}
          resource={definition.name}
        >
          <DialogTitle id="record-editor-title">
            {translate(`tables.editor.${action}`, { table })}
          </DialogTitle>
          <DialogContent>
            {action === 'delete' ? (
              <Typography sx={{ mb: 2 }}>{translate('tables.editor.delete_question')}</Typography>
            ) : (
              <DefinitionInputs
                definition={definition}
                mode={action === 'insert' ? 'create' : 'edit'}
                columns={wide ? 3 : 2}
              />
            )}
            {gen && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={replica}
                      onChange={(event) => setReplica(event.target.checked)}
                    />
                  }
                  label={translate('tables.editor.replica')}
                />
                <TextField
                  size="small"
                  label={translate('tables.editor.replica_mid')}
                  // Only while it applies: a disabled field's grey hint fails the contrast rule.
                  helperText={replica ? translate('tables.editor.replica_mid_help') : undefined}
                  value={mid}
                  disabled={!replica}
                  onChange={(event) => setMid(event.target.value)}
                />
              </Box>
            )}
            <Statement table={table} columns={columns} action={action} row={row} />
            {error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            {action === 'delete' ? (
              <SaveButton
                label="tables.editor.confirm_delete"
                color="warning"
                alwaysEnable
                disabled={pending}
              />
            ) : (
              <SaveButton alwaysEnable disabled={pending} />
            )}
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

/** The statement the dialog's values make, as the form changes. */
function Statement(props: {
  table: string;
  columns: TableColumn[];
  action: RecordAction;
  row: Row | null;
}) {
  const translate = useTranslate();
  const values = useWatch() as Row;
  const text = previewStatement(props.table, props.columns, props.action, props.row, values);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('tables.editor.statement')}
      </Typography>
      <Box
        component="pre"
        role="note"
        aria-label={translate('tables.editor.statement')}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontSize: 13,
          minHeight: '2.5em',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
