import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { EnvironmentEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { DeleteEnvironmentDialog } from './DeleteEnvironmentDialog';
import { EnvironmentDialog } from './EnvironmentDialog';
import type { EnvironmentForm } from './environmentForm';
import { EnvironmentTable } from './EnvironmentTable';
import { InstallNotice } from './InstallNotice';
import { installRequestOf, suggestedName } from './installRequest';
import { TablePager } from './TablePager';
import { ENVIRONMENTS_KEY } from './useEnvironments';
import { usePaging } from './usePaging';
import { useRights } from './useRights';
import { SearchField } from '../../layout/SearchField';

type Editing =
  | { kind: 'create'; initial?: Partial<EnvironmentForm> }
  | { kind: 'modify'; environment: EnvironmentEntry }
  | { kind: 'delete'; environment: EnvironmentEntry }
  | null;

/**
 * `/app/environments` (000 §2): the company's environments, paged on the server; administrators
 * create, modify and delete them. `?oper=install&url=<manager>|<authority>` shows the install
 * notice, which only administrators can activate.
 */
export default function EnvironmentList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { admin } = useRights();
  const [params] = useSearchParams();
  const install = installRequestOf(params);
  const paging = usePaging('name');
  const [editing, setEditing] = useState<Editing>(null);

  const { data, error, isFetching } = useQuery({
    queryKey: [...ENVIRONMENTS_KEY, 'page', paging.datatable, paging.q],
    queryFn: ({ signal }) =>
      dataProvider.environments(
        { datatable: paging.datatable, filter: paging.q ? { q: paging.q } : {} },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Title title="environments.list.title" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          {translate('environments.list.title')}
        </Typography>
        {admin && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'create' })}
          >
            {translate('environments.action.create')}
          </Button>
        )}
      </Stack>
      {install && (
        <InstallNotice
          request={install}
          canActivate={admin}
          onActivate={(request) =>
            setEditing({
              kind: 'create',
              initial: {
                name: suggestedName(request),
                urlManager: request.manager,
                urlAuthority: request.authority,
              },
            })
          }
        />
      )}
      {!admin && <Alert severity="info">{translate('environments.list.read_only')}</Alert>}
      <Card>
        <Stack sx={{ p: 2 }}>
          <SearchField
            label={translate('environments.list.search')}
            value={paging.text}
            onChange={paging.setText}
          />
        </Stack>
        {isFetching && <LinearProgress />}
        {error && <Alert severity="error">{error.message}</Alert>}
        {data && data.data.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('environments.list.empty')}
          </Typography>
        )}
        {data && data.data.length > 0 && (
          <>
            <EnvironmentTable
              rows={data.data}
              editable={admin}
              onModify={(environment) => setEditing({ kind: 'modify', environment })}
              onDelete={(environment) => setEditing({ kind: 'delete', environment })}
            />
            <TablePager paging={paging} total={Number(data.total)} />
          </>
        )}
      </Card>
      {editing?.kind === 'create' && (
        <EnvironmentDialog initial={editing.initial} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'modify' && (
        <EnvironmentDialog environment={editing.environment} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'delete' && (
        <DeleteEnvironmentDialog
          environment={editing.environment}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
