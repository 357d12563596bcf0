import { lazy, Suspense, useState, type Dispatch } from 'react';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CodeIcon from '@mui/icons-material/Code';
import DeleteIcon from '@mui/icons-material/Delete';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import StorageIcon from '@mui/icons-material/Storage';
import { useLocaleState, useTranslate } from 'react-admin';
import { APP_PATH, UPDATE_PATH_MAX } from '../../../protocol/updates';
import { formatNumber } from '../../i18n/formats';
import { NameDialog } from './NameDialog';
import { hidden } from './UpdatePanel';
import type { DraftFile, FileAction } from './updateDraft';
import { withMonacoLanguage } from '../resources/lazyMonaco';

const SqlDialog = lazy(withMonacoLanguage(() => import('./SqlDialog')));

/**
 * The new update's file list (000 §3 "Update file item", §4, §5): files to copy and SQL files
 * picked with the browser's file input, delete and execute entries by name, the direct-SQL text
 * in Monaco; per entry its path (the application's folder unless changed) and flags.
 */
export function FileListEditor({
  files,
  dispatch,
  disabled,
}: {
  files: DraftFile[];
  dispatch: Dispatch<FileAction>;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [naming, setNaming] = useState<'delete' | 'execute' | null>(null);
  const [sqlOpen, setSqlOpen] = useState(false);
  const sql = files.find((entry) => entry.type === 'sqlDirect')?.sql ?? '';
  const picker = (kind: 'copy' | 'sql', label: string, Icon: typeof AddIcon) => (
    <Button
      component="label"
      size="small"
      variant="outlined"
      startIcon={<Icon />}
      disabled={disabled}
    >
      {label}
      <input
        type="file"
        hidden
        multiple={kind === 'copy'}
        accept={kind === 'sql' ? '.sql,text/plain' : undefined}
        data-testid={`update-file-${kind}`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          if (picked.length) dispatch({ type: 'addFiles', kind, files: picked });
          event.target.value = '';
        }}
      />
    </Button>
  );
  return (
    <Box component="section" aria-labelledby="update-files-title">
      <Typography id="update-files-title" variant="subtitle1" component="h3">
        {translate('updates.new.files')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
        {picker('copy', translate('updates.new.add_copy'), AddIcon)}
        {picker('sql', translate('updates.new.add_sql'), StorageIcon)}
        <Button
          size="small"
          variant="outlined"
          startIcon={<DeleteIcon />}
          disabled={disabled}
          onClick={() => setNaming('delete')}
        >
          {translate('updates.new.add_delete')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          disabled={disabled}
          onClick={() => setNaming('execute')}
        >
          {translate('updates.new.add_execute')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<CodeIcon />}
          disabled={disabled}
          onClick={() => setSqlOpen(true)}
        >
          {translate('updates.new.edit_sql')}
        </Button>
      </Stack>
      {files.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby="update-files-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('updates.columns.tipo')}</TableCell>
                <TableCell>{translate('updates.columns.name')}</TableCell>
                <TableCell>{translate('updates.columns.path')}</TableCell>
                <TableCell align="right">{translate('updates.columns.size')}</TableCell>
                <TableCell>{translate('updates.new.register')}</TableCell>
                <TableCell>{translate('updates.new.execute')}</TableCell>
                <TableCell>
                  <Box component="span" sx={hidden}>
                    {translate('updates.columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((entry) => (
                <TableRow key={entry.key}>
                  <TableCell>{translate(`updates.file_types.${entry.type}`)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all', minWidth: 120 }}>{entry.name}</TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    <TextField
                      size="small"
                      variant="standard"
                      // The application's folder (%APPPATH%) is the empty path, named by the placeholder.
                      value={entry.path === APP_PATH ? '' : entry.path}
                      placeholder={translate('updates.new.app_folder')}
                      disabled={disabled}
                      onChange={(event) =>
                        dispatch({ type: 'path', key: entry.key, path: event.target.value })
                      }
                      slotProps={{
                        htmlInput: {
                          maxLength: UPDATE_PATH_MAX,
                          'aria-label': translate('updates.new.path_of', { name: entry.name }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {formatNumber(entry.size, locale === 'en' ? 'en' : 'es')}
                  </TableCell>
                  {(['register', 'execute'] as const).map((flag) => (
                    <TableCell key={flag} padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={entry[flag]}
                        disabled={disabled}
                        onChange={(event) =>
                          dispatch({
                            type: 'flag',
                            key: entry.key,
                            flag,
                            value: event.target.checked,
                          })
                        }
                        slotProps={{
                          input: {
                            'aria-label': translate(`updates.new.${flag}_of`, { name: entry.name }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      disabled={disabled}
                      aria-label={translate('updates.new.remove', { name: entry.name })}
                      onClick={() => dispatch({ type: 'remove', key: entry.key })}
                    >
                      <RemoveCircleOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <NameDialog
        kind={naming}
        onClose={() => setNaming(null)}
        onAdd={(kind, name) => dispatch({ type: 'addNamed', kind, name })}
      />
      {sqlOpen && (
        <Suspense fallback={null}>
          <SqlDialog
            initial={sql}
            onClose={() => setSqlOpen(false)}
            onSave={(text) => {
              dispatch({ type: 'setSql', sql: text });
              setSqlOpen(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
