import { useState } from 'react';
import { Alert, Dialog, DialogContent, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { KioskAppRow } from '../../../protocol/kiosk';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { InfoAppsTable } from './InfoAppsTable';
import { useKioskProjects } from './premiumData';

/**
 * App info (002 §2 "app info"): the installed versions of one of the profile's apps on the
 * profile's devices of a project (ListInfoApp), OK or KO against the profile's version code.
 */
export function AppInfoDialog({
  profile,
  onClose,
}: {
  profile: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const projects = useKioskProjects();
  const [database, setDatabase] = useState<number | ''>('');
  const [app, setApp] = useState<number | ''>('');
  const apps = useQuery({
    queryKey: ['kioskpremium', 'ListPackageProfileOnBoot', profile?.id],
    queryFn: () =>
      dataProvider.kioskPremium<KioskAppRow[]>('ListPackageProfileOnBoot', {
        profile: profile!.id,
      }),
    enabled: profile !== null,
  });
  const project = database || projects[0]?.numero || '';
  const chosen = app || apps.data?.[0]?.Id || '';
  const name = String(profile?.Name ?? '');
  return (
    <Dialog open={profile !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <ClosableTitle onClose={onClose}>
        {translate('kioskpremium.info.title', { name })}
      </ClosableTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
          <TextField
            select
            size="small"
            label={translate('kioskpremium.info.app')}
            value={chosen}
            onChange={(event) => setApp(Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            {(apps.data ?? []).map((one) => (
              <MenuItem key={one.Id} value={one.Id}>
                {one.Name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate('project.label')}
            value={project}
            onChange={(event) => setDatabase(Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            {projects.map((one) => (
              <MenuItem key={one.numero} value={one.numero}>
                {one.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {apps.data?.length === 0 && (
          <Alert severity="info">{translate('kioskpremium.launch.no_apps')}</Alert>
        )}
        {profile && chosen !== '' && project !== '' && (
          <InfoAppsTable
            parameter={{
              oper: 'ListInfoApp',
              database: project,
              profile: profile.id,
              kiosko: chosen,
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
