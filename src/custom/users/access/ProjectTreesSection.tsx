import { useState } from 'react';
import {
  Alert,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { UserProjectRow } from '../../../dataProvider/accessCalls';
import { USER_ACCESS_KEY } from './keys';
import { ProjectTreePanel } from './ProjectTreePanel';

const PAGE = 10;
const ROLE_COLOUR = { owner: 'primary', shared: 'success', none: 'default' } as const;

interface ProjectTreesSectionProps {
  userId: Identifier;
  environment: number;
}

/**
 * The environment's projects, paged on the server, each with what the user has of it; picking
 * one opens its tree (the user's share of the project, 000 §6 nodes).
 */
export function ProjectTreesSection({ userId, environment }: ProjectTreesSectionProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const key = [USER_ACCESS_KEY, userId, 'projects', environment, page];
  const projects = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      dataProvider.userProjectAccess(
        userId,
        environment,
        { start: page * PAGE, length: PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const rows = projects.data?.data ?? [];
  const current = rows.find((row) => row.numero === picked) ?? null;
  const title = translate('users.access.projects');
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {projects.error ? <Alert severity="error">{(projects.error as Error).message}</Alert> : null}
      {!projects.data && !projects.error ? <Skeleton variant="rectangular" height={80} /> : null}
      {projects.data?.total === 0 ? (
        <Typography color="text.secondary">{translate('users.access.no_projects')}</Typography>
      ) : null}
      <List dense disablePadding aria-label={title}>
        {rows.map((row) => (
          <ProjectItem
            key={row.numero}
            row={row}
            selected={row.numero === picked}
            onClick={() => setPicked(row.numero === picked ? null : row.numero)}
          />
        ))}
      </List>
      {(projects.data?.total ?? 0) > PAGE ? (
        <TablePagination
          component="div"
          count={projects.data?.total ?? 0}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          onPageChange={(_event, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) =>
            translate('users.access.page', { from, to, count })
          }
        />
      ) : null}
      {current ? (
        <ProjectTreePanel
          key={current.numero}
          userId={userId}
          row={current}
          onDone={() => void projects.refetch()}
        />
      ) : null}
    </Stack>
  );
}

function ProjectItem(props: { row: UserProjectRow; selected: boolean; onClick: () => void }) {
  const { row, selected, onClick } = props;
  const translate = useTranslate();
  return (
    <ListItemButton selected={selected} onClick={onClick} aria-pressed={selected} sx={{ gap: 1 }}>
      <ListItemText primary={row.name} secondary={`#${row.numero}`} />
      <Chip
        size="small"
        color={ROLE_COLOUR[row.role]}
        variant={row.role === 'none' ? 'outlined' : 'filled'}
        label={translate(`users.access.role_${row.role}`)}
      />
    </ListItemButton>
  );
}
