import { useState } from 'react';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import ArticleIcon from '@mui/icons-material/Article';
import ImageIcon from '@mui/icons-material/Image';
import StorageIcon from '@mui/icons-material/Storage';
import { useLocaleState, useTranslate } from 'react-admin';
import type { HelpdeskFileRow, HelpdeskKind } from '../../../dataProvider/remoteCalls';

/** 001 §9: help-desk tables show 4 rows by default, with lengths 5, 100 and all. */
export const HELPDESK_DEFAULT_ROWS = 4;
const ALL = -1;

export type FileAction = 'download' | 'delete' | 'viewLog' | 'viewImage' | 'viewDatabase';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** The view a file offers: a screenshot is an image, a database has none yet, the rest is text. */
function viewOf(kind: HelpdeskKind, file: HelpdeskFileRow): FileAction {
  if (file.screenshot) return 'viewImage';
  if (kind === 'database') return 'viewDatabase';
  return 'viewLog';
}

const VIEW_ICONS = { viewImage: ImageIcon, viewDatabase: StorageIcon, viewLog: ArticleIcon };

/** One of the five help-desk lists (001 §2 Helpdesk tab). */
export function HelpdeskFileTable({
  kind,
  files,
  canDelete,
  onAction,
}: {
  kind: HelpdeskKind;
  files: HelpdeskFileRow[];
  canDelete: boolean;
  onAction: (action: FileAction, file: HelpdeskFileRow) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(HELPDESK_DEFAULT_ROWS);
  const shown = rows === ALL ? files : files.slice(page * rows, page * rows + rows);
  const title = translate(`remote.helpdesk.lists.${kind}`);
  const action = (name: FileAction, file: HelpdeskFileRow, Icon: typeof DownloadIcon) => {
    const label = `${translate(`remote.helpdesk.${name === 'viewLog' ? 'view_log' : name === 'viewImage' ? 'view_image' : name === 'viewDatabase' ? 'view_database' : name}`)} ${file.name}`;
    return (
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => onAction(name, file)}>
          <Icon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  };
  return (
    <section aria-label={title}>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {title} ({files.length})
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('remote.helpdesk.name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {translate('remote.helpdesk.date')}
            </TableCell>
            <TableCell align="right">{translate('remote.helpdesk.size')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{translate('remote.helpdesk.empty')}</TableCell>
            </TableRow>
          )}
          {shown.map((file) => {
            const view = viewOf(kind, file);
            return (
              <TableRow key={file.fullpath}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{file.name}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {new Date(file.date).toLocaleString(locale)}
                </TableCell>
                <TableCell align="right">{sizeText(file.size)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {action(view, file, VIEW_ICONS[view as keyof typeof VIEW_ICONS])}
                  {action('download', file, DownloadIcon)}
                  {canDelete && action('delete', file, DeleteIcon)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={files.length}
        page={rows === ALL ? 0 : Math.min(page, Math.max(0, Math.ceil(files.length / rows) - 1))}
        rowsPerPage={rows}
        rowsPerPageOptions={[
          HELPDESK_DEFAULT_ROWS,
          5,
          100,
          { label: translate('remote.helpdesk.all'), value: ALL },
        ]}
        labelRowsPerPage={translate('remote.helpdesk.rows')}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
      />
    </section>
  );
}
