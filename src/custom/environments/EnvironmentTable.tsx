import {
  Box,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import type { EnvironmentEntry } from '../../../protocol/projects';

interface EnvironmentTableProps {
  rows: EnvironmentEntry[];
  /** Administrators modify and delete; others only read. */
  editable: boolean;
  onModify(environment: EnvironmentEntry): void;
  onDelete(environment: EnvironmentEntry): void;
}

/** Secondary columns give their width to the title on phones. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { xs: 'block', sm: 'none' }, mt: 0.5 } as const;

/** The environments: title, address, system or external, and licences. */
export function EnvironmentTable({ rows, editable, onModify, onDelete }: EnvironmentTableProps) {
  const translate = useTranslate();
  const column = (id: string) => translate(`environments.columns.${id}`);
  const systems = rows.filter((row) => row.system).length;
  // The server refuses these deletions; the button says why instead of offering them.
  const undeletable = (environment: EnvironmentEntry) =>
    environment.projects > 0
      ? 'environments.action.delete_has_projects'
      : environment.system && systems <= 1
        ? 'environments.action.delete_last_system'
        : null;
  const kindChip = (environment: EnvironmentEntry) => (
    <Chip
      size="small"
      variant="outlined"
      color={environment.system ? 'primary' : 'secondary'}
      label={translate(`environments.kind.${environment.system ? 'system' : 'external'}`)}
    />
  );
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={translate('environments.list.table')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{column('title')}</TableCell>
            <TableCell sx={wide}>{column('address')}</TableCell>
            <TableCell sx={wide}>{column('kind')}</TableCell>
            <TableCell>{column('licences')}</TableCell>
            {editable && <TableCell align="right">{column('actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((environment) => (
            <TableRow key={environment.id}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {environment.title}
                <Box sx={narrowOnly}>{kindChip(environment)}</Box>
              </TableCell>
              <TableCell sx={{ ...wide, overflowWrap: 'anywhere' }}>
                {environment.address}
              </TableCell>
              <TableCell sx={wide}>{kindChip(environment)}</TableCell>
              <TableCell>
                {translate('environments.columns.licences_value', {
                  assigned: environment.assignedLicences,
                  max: environment.maxLicences,
                })}
              </TableCell>
              {editable && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('environments.action.modify')}>
                    <IconButton
                      aria-label={`${translate('environments.action.modify')} ${environment.title}`}
                      onClick={() => onModify(environment)}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip
                    title={translate(undeletable(environment) ?? 'environments.action.delete')}
                  >
                    {/* A span, so that the tooltip of a disabled button still shows. */}
                    <span>
                      <IconButton
                        aria-label={`${translate('environments.action.delete')} ${environment.title}`}
                        disabled={undeletable(environment) !== null}
                        onClick={() => onDelete(environment)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
