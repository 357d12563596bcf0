import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { useOpenProject, type EnvironmentRights } from '../../environments';
import { LicenceDialog } from './LicenceDialog';
import { NewProjectDialog } from './NewProjectDialog';
import { projectsKey, type ProjectScope } from './projectScope';
import { ProjectsTable, type ProjectAction } from './ProjectsTable';
import { ProjectStateDialog } from './ProjectStateDialog';
import { ServerLicenceDialog } from './ServerLicenceDialog';
import { TablePager } from './TablePager';
import { ENVIRONMENTS_KEY } from './useEnvironments';
import { usePaging } from './usePaging';
import { SearchField } from '../../layout/SearchField';

type Open =
  | { kind: 'licences' | 'delete' | 'restore'; project: ProjectEntry }
  | { kind: 'new' | 'serverLicence' }
  | null;

interface EnvironmentProjectsProps {
  scope: ProjectScope;
  rights: EnvironmentRights;
  /** A database to open at once on the screen `redirect` names (000 §2 params). */
  pending?: { database: number; path: string };
}

/** The connect screen's projects of one reachable environment, with their actions and modals. */
export function EnvironmentProjects({ scope, rights, pending }: EnvironmentProjectsProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const openProject = useOpenProject();
  const paging = usePaging('name');
  const [open, setOpen] = useState<Open>(null);
  const redirected = useRef(false);
  const { environment } = scope;

  useEffect(() => {
    if (!pending || redirected.current) return;
    redirected.current = true;
    void openProject(environment, pending.database, pending.path);
  }, [pending, environment, openProject]);

  const { data, error, isFetching } = useQuery({
    queryKey: [...projectsKey(scope), paging.datatable, paging.q],
    queryFn: ({ signal }) =>
      dataProvider.environmentProjects(
        scope.remoteId,
        { datatable: paging.datatable, filter: paging.q ? { q: paging.q } : {} },
        { environment, signal },
      ),
    placeholderData: keepPreviousData,
  });
  const pool = data?.pool;
  const free = pool?.free ?? 0;

  const onAction = (action: ProjectAction, project: ProjectEntry) =>
    action === 'open'
      ? void openProject(environment, project.numero)
      : setOpen({ kind: action, project });
  const close = () => setOpen(null);

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {rights.admin && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setOpen({ kind: 'new' })}
          >
            {translate('environments.action.new_project')}
          </Button>
        )}
        {rights.admin && (
          <Button
            variant="outlined"
            startIcon={<VpnKeyIcon />}
            onClick={() => setOpen({ kind: 'serverLicence' })}
          >
            {translate('environments.connect.server_licence')}
          </Button>
        )}
      </Stack>
      {pool && (
        <Typography variant="body2" color="text.secondary">
          {translate('environments.connect.pool', { ...pool, free })}
        </Typography>
      )}
      <Card>
        <Stack sx={{ p: 2 }}>
          <SearchField
            label={translate('environments.connect.search')}
            value={paging.text}
            onChange={paging.setText}
          />
        </Stack>
        {isFetching && <LinearProgress />}
        {error && <Alert severity="error">{translate(error.message)}</Alert>}
        {data && data.data.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('environments.connect.empty')}
          </Typography>
        )}
        {data && data.data.length > 0 && (
          <>
            <ProjectsTable rows={data.data} admin={rights.admin} onAction={onAction} />
            <TablePager paging={paging} total={Number(data.total)} />
          </>
        )}
      </Card>
      {open?.kind === 'licences' && (
        <LicenceDialog scope={scope} project={open.project} free={free} onClose={close} />
      )}
      {(open?.kind === 'delete' || open?.kind === 'restore') && (
        <ProjectStateDialog
          scope={scope}
          project={open.project}
          action={open.kind}
          onClose={close}
        />
      )}
      {open?.kind === 'serverLicence' && (
        <ServerLicenceDialog scope={scope} canSet={rights.topAdmin} onClose={close} />
      )}
      {open?.kind === 'new' && (
        <NewProjectDialog
          options={[{ id: scope.remoteId, title: environment.title, free }]}
          target={environment}
          onClose={(created) => {
            close();
            if (!created) return;
            void queryClient.invalidateQueries({ queryKey: projectsKey(scope) });
            void queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
          }}
        />
      )}
    </>
  );
}
