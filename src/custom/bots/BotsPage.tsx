import { useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { BOTS } from '../../../protocol/resources/bots';
import { useSession, type FlotaDataProvider } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { ParamsBar } from '../../project/ParamsBar';
import { ParamsDialog } from '../../project/ParamsDialog';
import { PROJECTS_QUERY_KEY } from '../../project/useCurrentProject';
import { PremiumList as DeclaredList } from '../kioskpremium/PremiumList';

/**
 * /app/bots (002 §2: "params modal, pid", loading the projects): the params modal chooses the
 * project (`?pid=`, its number) and the list shows that project's bots, filtered on the server
 * (the list call's fixed filter), a new bot starting in it. Without a project, every bot of the
 * company (docs/bots.md).
 */
export default function BotsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const pid = Number(params.get('pid')) || null;
  const [choosing, setChoosing] = useState<number | null | false>(false);
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.projects(signal),
    staleTime: 60_000,
  });
  if (projects.isPending) return <Skeleton variant="rounded" height={240} />;
  const rows = projects.data?.data ?? [];
  const project = rows.find((entry) => entry.numero === pid);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, contain: 'inline-size' }}>
      <PageTitle title="bots.title" />
      <ParamsBar
        area="bots"
        summary={
          pid === null ? null : (
            <>
              <strong>{translate('bots.project')}:</strong> {project?.name ?? pid}
            </>
          )
        }
        onOpen={() => setChoosing(pid ?? rows[0]?.numero ?? null)}
      />
      <DeclaredList
        definition={BOTS}
        owner={session?.company?.name ?? ''}
        fixedFilter={pid === null ? undefined : { project: pid }}
      />
      {choosing !== false && (
        <ParamsDialog
          area="bots"
          projects={rows}
          pid={choosing}
          onPid={setChoosing}
          ready={choosing !== null}
          onApply={() => {
            setParams({ pid: String(choosing) });
            setChoosing(false);
          }}
          onClose={() => setChoosing(false)}
        />
      )}
    </Box>
  );
}
