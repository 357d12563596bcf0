import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { PageTitle } from '../../layout/PageTitle';
import { overrideTarget } from '../../../protocol/resource-override';
import { isTopAdmin } from '../../../protocol/roles';
import { useSession, type FlotaDataProvider } from '../../dataProvider';
import type { OverrideScopeName } from '../../dataProvider/overrideCalls';
import { useCurrentProject } from '../../project/useCurrentProject';
import { OverrideWorkbench } from './OverrideWorkbench';
import { ScreenFallback } from '../../layout/ScreenFallback';

export const CUSTOMISABLE_KEY = ['flota', 'customisableResources'] as const;

/**
 * "Recursos" (/app/resources): the resources a company administrator may customise, each edited
 * as JSON beside a preview of its list, per scope — every company (the top administrator's
 * defaults), the company, or the current project for the device list.
 */
export default function ResourcesScreen() {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const session = useSession();
  const { database, projects } = useCurrentProject();
  const customisable = useQuery({
    queryKey: [...CUSTOMISABLE_KEY, database],
    queryFn: ({ signal }) => dataProvider.customisableResources(database, signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [scope, setScope] = useState<OverrideScopeName>('company');
  if (customisable.isPending || session.isPending) return <ScreenFallback />;
  if (customisable.error) {
    return <Alert severity="error">{(customisable.error as Error).message}</Alert>;
  }
  const resources = customisable.data ?? [];
  const resource = chosen ?? resources[0]?.resource ?? null;
  const target = resource ? overrideTarget(resource) : undefined;
  const topAdmin = session.data ? isTopAdmin(session.data.profile) : false;
  const projectName = projects.find((project) => project.numero === database)?.name ?? '';
  const scopes: OverrideScopeName[] = [
    ...(topAdmin ? (['default'] as const) : []),
    ...(session.data?.company ? (['company'] as const) : []),
    ...(target?.scope === 'project' && database !== null ? (['project'] as const) : []),
  ];
  const activeScope = scopes.includes(scope) ? scope : scopes[0];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <PageTitle title="customise.title" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 800 }}>
        {translate('customise.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('customise.resource')}
          value={resource ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
        >
          {resources.map((each) => (
            <MenuItem key={each.resource} value={each.resource}>
              {overrideTarget(each.resource)?.title[language] ?? each.resource}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('customise.scope')}
          value={activeScope ?? ''}
          onChange={(event) => setScope(event.target.value as OverrideScopeName)}
          sx={{ minWidth: 240 }}
        >
          {scopes.map((each) => (
            <MenuItem key={each} value={each}>
              {translate(`customise.scopes.${each}`, { project: projectName })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {target && activeScope && (
        <OverrideWorkbench
          key={`${target.name}:${activeScope}:${database}`}
          target={target}
          request={{
            resource: target.name,
            scope: activeScope,
            ...(activeScope === 'project' && database !== null ? { database } : {}),
          }}
          database={database}
        />
      )}
    </Box>
  );
}
