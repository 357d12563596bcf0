import { useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { MenuTreeSection } from './MenuTreeSection';
import { ProjectTreesSection } from './ProjectTreesSection';

import { USER_ACCESS_KEY } from './keys';

/**
 * A user's access trees on their edit page (002 §4, §6; docs/decisions.md "Access trees per
 * user"): for the chosen environment, the menu tree of the host flavour and the tree of each
 * project. Each tree is saved on its own, apart from the user's form.
 */
export function UserAccessCard({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const access = useQuery({
    queryKey: [USER_ACCESS_KEY, record.id],
    queryFn: ({ signal }) => dataProvider.userAccess(record.id, signal),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const data = access.data;
  const environment = chosen ?? data?.environments[0]?.id ?? null;
  return (
    <Card component="section" aria-labelledby="user-access-title" sx={{ mt: 2, maxWidth: 960 }}>
      <CardContent>
        <Typography id="user-access-title" component="h2" variant="h6">
          {translate('users.access.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('users.access.intro')}
        </Typography>
        {access.error ? <Alert severity="error">{(access.error as Error).message}</Alert> : null}
        {!data ? (
          access.error ? null : (
            <Skeleton variant="rectangular" height={160} />
          )
        ) : data.admin ? (
          <Alert severity="info">{translate('users.access.admin')}</Alert>
        ) : environment === null ? (
          <Alert severity="info">{translate('users.access.no_environments')}</Alert>
        ) : (
          <Stack spacing={3}>
            <TextField
              select
              size="small"
              label={translate('users.access.environment')}
              value={environment}
              onChange={(event) => setChosen(Number(event.target.value))}
              sx={{ maxWidth: 360 }}
            >
              {data.environments.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <MenuTreeSection
              key={`menu-${environment}`}
              userId={record.id}
              environment={environment}
              access={data}
            />
            <ProjectTreesSection
              key={`projects-${environment}`}
              userId={record.id}
              environment={environment}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
