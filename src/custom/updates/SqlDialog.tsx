import { useState } from 'react';
import Editor from '@monaco-editor/react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import 'monaco-editor/languages/definitions/sql/register';
import { useTranslate } from 'react-admin';
import { UPDATE_SQL_MAX } from '../../../protocol/updates';
// Monaco from our own server, not a CDN (the loader set up once for every editor).
import '../resources/monaco';
import { TYPED_AS_IS } from '../reports/typedAsIs';

/**
 * The modal SQL editor of a new update (000 §2): Monaco with SQL colouring. Its text becomes the
 * update's direct-SQL entry; an empty text removes that entry (000 §5). Loaded with Monaco, lazily.
 */
export default function SqlDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose(): void;
  onSave(sql: string): void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(initial);
  return (
    <Dialog open onClose={onClose} aria-labelledby="update-sql-title" fullWidth maxWidth="md">
      <DialogTitle id="update-sql-title">{translate('updates.new.sql_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {translate('updates.new.sql_help')}
        </DialogContentText>
        <Box
          sx={{ height: 320, border: 1, borderColor: 'divider' }}
          data-testid="update-sql-editor"
        >
          <Editor
            height="100%"
            language="sql"
            path="inmemory://flota/update.sql"
            value={text}
            onChange={(next) => setText((next ?? '').slice(0, UPDATE_SQL_MAX))}
            options={{
              ...TYPED_AS_IS,
              minimap: { enabled: false },
              fontSize: 13,
              tabSize: 2,
              scrollBeyondLastLine: false,
              automaticLayout: true,
              ariaLabel: translate('updates.new.sql_editor'),
            }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('updates.new.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave(text)}>
          {translate('updates.new.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
