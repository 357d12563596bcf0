import { useState } from 'react';
import { Alert, Box, Tab } from '@mui/material';
import { PageTabs } from '../../../layout/PageTabs';
import { useGetOne, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ScreenFallback } from '../../../layout/ScreenFallback';
import { PageTitle } from '../../../layout/PageTitle';
import { LogsTab } from '../../devices/remote/LogsTab';
import { LocationTab } from '../../devices/remote/LocationTab';
import { MdmDeviceHeader } from './MdmDeviceHeader';
import { MdmDetailsTab } from './MdmDetailsTab';
import { MdmPolicyTab } from './MdmPolicyTab';
import { useDeviceRow } from './useDeviceRow';
import type { ManagedDevice } from './types';

type TabName = 'details' | 'policy' | 'commands' | 'location';
const TABS: TabName[] = ['details', 'policy', 'commands', 'location'];

/**
 * `/app/mdmadminedit?device=<id>` (002 §2, issue 36): one managed device — its details,
 * inventory and apps, the applied policy with each setting not applied and its reason, its
 * command history and its position, and the MDM commands, sent through the command queue of its
 * project. The device is read through the declared resource `mdm-devices`; its project row
 * (inventory, position) through `deviceForEdit`, as the device dialog reads it.
 */
export default function MdmDevicePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const id = Number(params.get('device'));
  const valid = Number.isInteger(id) && id > 0;
  const device = useGetOne<ManagedDevice>(
    'mdm-devices',
    { id },
    // Compliance and state change on their own (the device reports, an operator approves).
    { enabled: valid, refetchInterval: 10_000 },
  );
  const [tab, setTab] = useState<TabName>('details');
  const record = device.data;
  const row = useDeviceRow(record?.project ?? null, record?.mid ?? null);
  if (!valid) {
    return (
      <Box sx={{ p: 2 }}>
        <PageTitle title={translate('mdm_device.back')} />
        <Alert severity="warning">{translate('mdm_device.no_id')}</Alert>
      </Box>
    );
  }
  if (device.isPending) return <ScreenFallback />;
  if (device.error || !record) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{(device.error as Error | null)?.message}</Alert>
      </Box>
    );
  }
  const lists = { database: record.project, mid: record.mid, owner: record.owner ?? '' };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <PageTitle title={translate('mdm_device.title', { mid: record.mid })} />
      <MdmDeviceHeader device={record} />
      <PageTabs value={tab} onChange={setTab}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`mdm_device.tabs.${name}`)} />
        ))}
      </PageTabs>
      {tab === 'details' && <MdmDetailsTab device={record} row={row} />}
      {tab === 'policy' && <MdmPolicyTab device={record} />}
      {tab === 'commands' && <LogsTab {...lists} />}
      {tab === 'location' &&
        (row.data?.ID ? (
          <LocationTab
            database={record.project}
            deviceId={Number(row.data.ID)}
            mid={record.mid}
            position={row.data.Position}
            canCommand={record.state === 'active'}
          />
        ) : (
          <Alert severity="info">{translate('remote.location.none')}</Alert>
        ))}
    </Box>
  );
}
