import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import { wideOnly, type ProjectColumnId } from './projectColumns';
import { ProjectTableRow } from './ProjectTableRow';
import { PROJECT_PAGE_LENGTHS, type ProjectPage } from './useProjectPage';

interface ProjectTableProps {
  list: ProjectPage;
  columns: ProjectColumnId[];
  /** i18n key naming the table for screen readers. */
  label: string;
  /** i18n key of the text shown when the list is empty and nothing is searched. */
  empty: string;
  onShare?: (project: ProjectEntry) => void;
  onPublish?: (project: ProjectEntry) => void;
  admin: boolean;
}

/** A server-paged list of projects in the server's order; a project's name opens it. */
export function ProjectTable({ list, columns, label, empty, ...actions }: ProjectTableProps) {
  const translate = useTranslate();
  const { data, error, isPending, isPlaceholderData } = list.query;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const rows = data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      {(isPending || isPlaceholderData) && <LinearProgress />}
      {data && rows.length === 0 ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {translate(list.searching ? 'projects.no_match' : empty)}
        </Alert>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={translate(label)}
            sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{translate('projects.columns.name')}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column} sx={wideOnly}>
                    {translate(`projects.columns.${column}`)}
                  </TableCell>
                ))}
                <TableCell align="right">{translate('projects.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((project) => (
                <ProjectTableRow
                  key={project.numero}
                  project={project}
                  columns={columns}
                  {...actions}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && Number(data.total) > 0 && (
        <TablePagination
          component="div"
          count={Number(data.total)}
          page={list.page}
          onPageChange={(_event, next) => list.setPage(next)}
          rowsPerPage={list.length}
          rowsPerPageOptions={PROJECT_PAGE_LENGTHS}
          onRowsPerPageChange={(event) => list.setLength(Number(event.target.value))}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', {
              offsetBegin: from,
              offsetEnd: to,
              total: count,
            })
          }
          getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
          sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 1 } } }}
        />
      )}
    </Paper>
  );
}
