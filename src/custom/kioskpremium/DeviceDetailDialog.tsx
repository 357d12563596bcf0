import { useState } from 'react';
import { Box, Button, Dialog, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { COMMAND_HISTORY } from '../../../protocol/resources/command-history';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { DeviceResourceList } from '../devices/remote/DeviceResourceList';
import { HelpdeskTab } from '../devices/remote/HelpdeskTab';
import { InfoAppsTable } from './InfoAppsTable';
import { KioskLocationTab } from './KioskLocationTab';
import {
  errorText,
  profileName,
  useCanChangeKiosk,
  useKioskProfiles,
  useKioskProjects,
} from './premiumData';

const TABS = ['main', 'location', 'commands', 'infoapps'] as const;
type TabName = (typeof TABS)[number];

/**
 * A kiosk device's detail (002 §2 "Device detail"): main (its help-desk logs), location (the
 * console's map), commands (its command history: pending, sent, executed, failed, expired…) and
 * infoapps (the profile's apps installed on it, ListInfoApps).
 */
export function DeviceDetailDialog({
  device,
  onClose,
}: {
  device: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('main');
  const profiles = useKioskProfiles();
  const projects = useKioskProjects();
  const guid = String(device?.Guid ?? '');
  const database = Number(device?.Database ?? 0);
  const project = projects.find((one) => one.numero === database)?.name ?? String(database);
  const close = () => {
    setTab('main');
    onClose();
  };
  return (
    <Dialog open={device !== null} onClose={close} maxWidth="lg" fullWidth>
      <ClosableTitle onClose={close}>
        {translate('kioskpremium.device.title', { name: guid })}
      </ClosableTitle>
      <DialogContent sx={{ minHeight: 360 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('kioskpremium.device.summary', {
            project,
            profile:
              profileName(profiles, device?.Idprofile) ??
              translate('kioskpremium.device.no_profile'),
          })}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate('kioskpremium.device.title', { name: guid })}
          sx={{ mb: 2 }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`kioskpremium.device.tabs.${name}`)}
              id={`kiosk-device-tab-${name}`}
              aria-controls={`kiosk-device-panel-${name}`}
            />
          ))}
        </Tabs>
        {device && (
          <Box
            role="tabpanel"
            id={`kiosk-device-panel-${tab}`}
            aria-labelledby={`kiosk-device-tab-${tab}`}
          >
            <DetailTab tab={tab} device={device} project={project} />
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailTab({ tab, device, project }: { tab: TabName; device: RaRecord; project: string }) {
  const canChange = useCanChangeKiosk();
  const mid = String(device.Guid);
  const database = Number(device.Database);
  switch (tab) {
    case 'main':
      return <HelpdeskTab database={database} mid={mid} canCommand={canChange} owner={project} />;
    case 'location':
      return (
        <KioskLocationTab
          deviceId={Number(device.id)}
          database={database}
          mid={mid}
          canCommand={canChange}
        />
      );
    case 'commands':
      return (
        <DeviceResourceList
          definition={COMMAND_HISTORY}
          database={database}
          mid={mid}
          owner={project}
        />
      );
    case 'infoapps':
      return <InfoApps database={database} mid={mid} canCommand={canChange} />;
  }
}

/** The profile's apps on the device, and (administrators) a fresh app list asked of it. */
function InfoApps({
  database,
  mid,
  canCommand,
}: {
  database: number;
  mid: string;
  canCommand: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const ask = async () => {
    try {
      const { sent } = await dataProvider.kioskPremiumCommand({
        dest: mid,
        cmd: 'getApplicationList',
      });
      notify('kioskpremium.info.requested', { type: 'info', messageArgs: { smart_count: sent } });
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <Box>
      {canCommand && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void ask()}
        >
          {translate('kioskpremium.info.refresh')}
        </Button>
      )}
      <InfoAppsTable parameter={{ oper: 'ListInfoApps', database, imei: mid }} />
    </Box>
  );
}
