import {
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import LaunchIcon from '@mui/icons-material/Launch';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { ReactElement } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import { formatDate } from '../../i18n/formats';

export type ProjectAction = 'open' | 'licences' | 'delete' | 'restore';

interface ProjectsTableProps {
  rows: ProjectEntry[];
  /** Administrators of the environment's server assign licences to any project. */
  admin: boolean;
  onAction(action: ProjectAction, project: ProjectEntry): void;
}

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Which actions a row offers: delete and restore to the owner only (000 §5). */
export function actionsOf(project: ProjectEntry, admin: boolean): ProjectAction[] {
  const actions: ProjectAction[] = [];
  if (!project.deleted) actions.push('open');
  if (!project.deleted && (project.owner || admin)) actions.push('licences');
  if (project.owner) actions.push(project.deleted ? 'restore' : 'delete');
  return actions;
}

const ICONS: Record<ProjectAction, ReactElement> = {
  open: <LaunchIcon />,
  licences: <VpnKeyIcon />,
  delete: <DeleteIcon />,
  restore: <RestoreFromTrashIcon />,
};

/** The environment's projects: licences, licences in use, owner, and deleted state. */
export function ProjectsTable({ rows, admin, onAction }: ProjectsTableProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const column = (id: string) => translate(`environments.projects.columns.${id}`);
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={translate('environments.projects.table')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{column('name')}</TableCell>
            <TableCell align="right">{column('licences')}</TableCell>
            <TableCell align="right" sx={wide}>
              {column('in_use')}
            </TableCell>
            <TableCell sx={wide}>{column('owner')}</TableCell>
            <TableCell>{column('state')}</TableCell>
            <TableCell align="right">{column('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((project) => (
            <TableRow key={project.numero} data-deleted={project.deleted}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {project.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {project.dbname}
                </Typography>
              </TableCell>
              <TableCell align="right">{number(project.licences)}</TableCell>
              <TableCell align="right" sx={wide}>
                {number(project.licensesInUse)}
              </TableCell>
              <TableCell sx={wide}>{project.username}</TableCell>
              <TableCell>
                {project.deleted ? (
                  <Tooltip
                    title={
                      project.datedeleted
                        ? translate('environments.projects.deleted_on', {
                            date: formatDate(project.datedeleted, locale),
                          })
                        : ''
                    }
                  >
                    <Chip
                      size="small"
                      color="error"
                      label={translate('environments.projects.deleted')}
                    />
                  </Tooltip>
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="success"
                    label={translate('environments.projects.active')}
                  />
                )}
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  {actionsOf(project, admin).map((action) => {
                    const label = translate(`environments.projects.${action}`);
                    return (
                      <Tooltip key={action} title={label}>
                        <IconButton
                          size="small"
                          aria-label={`${label} ${project.name}`}
                          onClick={() => onAction(action, project)}
                        >
                          {ICONS[action]}
                        </IconButton>
                      </Tooltip>
                    );
                  })}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
