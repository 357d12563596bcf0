import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { FRAMEWORK_GENERATIONS } from '../../../protocol/resources/framework-generations';
import { FRAMEWORK_VERSIONS } from '../../../protocol/resources/framework-versions';
import { isTopAdmin } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';
import { useSession, type FlotaDataProvider } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { PATHS } from '../../paths';
import { ParamsBar } from '../../project/ParamsBar';
import { PROJECTS_QUERY_KEY } from '../../project/useCurrentProject';
import { PremiumList as DeclaredList } from '../kioskpremium/PremiumList';
import { frameworksContextKey, FrameworksPageProvider } from './frameworksContext';
import { GenerateDialog } from './GenerateDialog';
import { ParamsDialog } from './ParamsDialog';
import { RightsLine } from './RightsLine';

/**
 * /app/frameworks (002 §2 "Security, frameworks and certificates", §6 Frameworks): the params
 * dialog (opened from the page's first box: a modal opened by itself would hide the page from
 * assistive technology before anything is chosen) chooses the project (`?pid=`, its number) and
 * the environment (`?env=`); then the
 * generations of that project there, with Generate and each row's download, publish, delete and
 * QR as the caller's rights there allow (frameworksContext); the top administrator also keeps the
 * framework versions and their templates. `?download=<id>` (the QR's link) downloads a build.
 */
export default function FrameworksPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { permissions } = usePermissions<FlotaPermissions>();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const [choosing, setChoosing] = useState(false);
  const [generating, setGenerating] = useState(false);
  const pid = Number(params.get('pid')) || null;
  const env = Number(params.get('env')) || null;
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.projects(signal),
    staleTime: 60_000,
  });
  const context = useQuery({
    queryKey: frameworksContextKey(pid),
    queryFn: ({ signal }) => dataProvider.frameworksContext(pid!, signal),
    enabled: pid !== null,
    retry: false,
  });
  const environments = useMemo(
    () => new Map((context.data?.environments ?? []).map((entry) => [entry.id, entry])),
    [context.data],
  );
  const environment = env === null ? undefined : environments.get(env);
  const project = projects.data?.data.find((entry) => entry.numero === pid);
  useDownloadFromAddress();
  const profile = permissions?.profile;
  const topAdmin = profile ? isTopAdmin(profile) : false;
  const owner = session?.company?.name ?? '';
  const state = useMemo(
    () => ({
      environments,
      downloadLink: (id: number) =>
        `${window.location.origin}${PATHS.frameworks}?pid=${pid}&env=${env}&download=${id}`,
    }),
    [environments, pid, env],
  );
  const choose = (projectid: number, environmentId: number) => {
    setChoosing(false);
    setParams({ pid: String(projectid), env: String(environmentId) });
  };
  if (!profile || projects.isPending) return <Skeleton variant="rounded" height={240} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200, minWidth: 0, contain: 'inline-size' }}>
      <PageTitle title="frameworks.title" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {translate('frameworks.intro')}
      </Typography>
      {context.isError && <Alert severity="error">{(context.error as Error).message}</Alert>}
      <ParamsBar
        area="frameworks"
        summary={
          environment ? (
            <>
              <strong>{translate('frameworks.project')}:</strong> {project?.name ?? pid} ·{' '}
              <strong>{translate('frameworks.environment')}:</strong> {environment.name}
            </>
          ) : null
        }
        onOpen={() => setChoosing(true)}
        actions={
          environment?.generate && (
            <Button
              variant="contained"
              startIcon={<BuildIcon />}
              onClick={() => setGenerating(true)}
            >
              {translate('frameworks.generate')}
            </Button>
          )
        }
      >
        {environment && <RightsLine environment={environment} />}
      </ParamsBar>
      {pid !== null && environment && (
        <FrameworksPageProvider value={state}>
          <DeclaredList
            definition={FRAMEWORK_GENERATIONS}
            owner={owner}
            fixedFilter={{ project: pid, environment: environment.id }}
          />
        </FrameworksPageProvider>
      )}
      {topAdmin && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('frameworks.versions_admin')}
          </Typography>
          <DeclaredList definition={FRAMEWORK_VERSIONS} owner={owner} />
        </Box>
      )}
      {choosing && (
        <ParamsDialog
          projects={projects.data?.data ?? []}
          initial={{ pid, env }}
          onChoose={choose}
          onClose={() => setChoosing(false)}
        />
      )}
      {generating && pid !== null && environment && context.data && (
        <GenerateDialog
          projectid={pid}
          environment={environment}
          certificates={context.data.certificates}
          onClose={() => setGenerating(false)}
          onDone={(message) => notify(message, { type: 'info' })}
        />
      )}
    </Box>
  );
}

/** `?download=<id>` (a generation's QR link): its build downloaded once, then the parameter dropped. */
function useDownloadFromAddress() {
  const [params, setParams] = useSearchParams();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const done = useRef<string | null>(null);
  const id = params.get('download');
  useEffect(() => {
    if (!id || done.current === id) return;
    done.current = id;
    dataProvider
      .downloadGeneration(Number(id))
      .then(() => notify('frameworks.downloaded', { type: 'success' }))
      .catch((error: Error) => notify(error.message, { type: 'error' }))
      .finally(() =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete('download');
            return next;
          },
          { replace: true },
        ),
      );
  }, [id, dataProvider, notify, setParams]);
}
