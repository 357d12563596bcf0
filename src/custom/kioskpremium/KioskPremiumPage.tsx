import { useState } from 'react';
import { Alert, Box, Button, Skeleton, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { KIOSK_APPS } from '../../../protocol/resources/kiosk-apps';
import { KIOSK_DEVICES } from '../../../protocol/resources/kiosk-devices';
import { KIOSK_WIFIS } from '../../../protocol/resources/kiosk-wifis';
import { isAdmin } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';
import type { FlotaDataProvider } from '../../dataProvider';
import { useSession } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { DeviceDialogsProvider } from './DeviceDialogs';
import { DEVICE_SLOTS } from './deviceSlots';
import { PremiumList } from './PremiumList';
import { ProfilesTab } from './ProfilesTab';

const TABS = ['profiles', 'apps', 'wifis', 'devices'] as const;
type TabName = (typeof TABS)[number];

/** The code of a premium call's refusal: '-2' while the company has no premium kiosk. */
const codeOf = (error: unknown) =>
  String((error as { body?: { error?: { code?: unknown } } })?.body?.error?.code ?? '');

/**
 * /app/kioskpremium (002 §2 "Premium kiosk page"): four tabs, each loaded when first opened —
 * the profiles with the chosen profile's apps, wifis and devices; the apps; the wifis; the
 * devices. Without a premium kiosk, the server's message and, for an administrator, EnableKiosk.
 */
export default function KioskPremiumPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { permissions } = usePermissions<FlotaPermissions>();
  const { data: session } = useSession();
  const [tab, setTab] = useState<TabName>('profiles');
  const [opened, setOpened] = useState<Set<TabName>>(new Set(['profiles']));
  const [enabling, setEnabling] = useState(false);
  const feature = useQuery({
    queryKey: ['kioskPremiumCheck'],
    queryFn: () => dataProvider.kioskPremiumCheck(),
    retry: false,
  });
  const profile = permissions?.profile;
  if (!profile || !session || feature.isPending) return <Skeleton variant="rounded" height={240} />;
  const owner = session.company?.name ?? '';
  const enable = async () => {
    setEnabling(true);
    try {
      await dataProvider.enableKioskPremium();
      notify('kioskpremium.enabled', { type: 'success' });
      await feature.refetch();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setEnabling(false);
    }
  };
  const choose = (next: TabName) => {
    setTab(next);
    setOpened((before) => new Set(before).add(next));
  };
  return (
    // Its width is the screen's, not its tabs' (contain), as the settings page: else a phone scrolls sideways.
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1200, minWidth: 0, contain: 'inline-size' }}>
      <PageTitle title="kioskpremium.title" />
      {feature.isError ? (
        <Alert
          severity={codeOf(feature.error) === '-2' ? 'info' : 'error'}
          action={
            codeOf(feature.error) === '-2' && isAdmin(profile) ? (
              <Button color="inherit" disabled={enabling} onClick={enable}>
                {translate('kioskpremium.enable')}
              </Button>
            ) : undefined
          }
        >
          {(feature.error as Error).message}
        </Alert>
      ) : (
        <DeviceDialogsProvider>
          <Tabs
            value={tab}
            onChange={(_, next: TabName) => choose(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={translate('kioskpremium.title')}
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={translate(`kioskpremium.tabs.${name}`)}
                id={`kioskpremium-tab-${name}`}
                aria-controls={`kioskpremium-panel-${name}`}
              />
            ))}
          </Tabs>
          {TABS.map((name) => (
            <Box
              key={name}
              role="tabpanel"
              id={`kioskpremium-panel-${name}`}
              aria-labelledby={`kioskpremium-tab-${name}`}
              hidden={tab !== name}
            >
              {opened.has(name) && <TabContent name={name} owner={owner} />}
            </Box>
          ))}
        </DeviceDialogsProvider>
      )}
    </Box>
  );
}

function TabContent({ name, owner }: { name: TabName; owner: string }) {
  if (name === 'profiles') return <ProfilesTab owner={owner} />;
  const definition = { apps: KIOSK_APPS, wifis: KIOSK_WIFIS, devices: KIOSK_DEVICES }[name];
  return (
    <PremiumList
      definition={definition}
      owner={owner}
      slots={name === 'devices' ? DEVICE_SLOTS : undefined}
    />
  );
}
