import { useState } from 'react';
import { Button } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { useDefinitionListUi } from '../../../resources/factory/listUi';
import type { ListSlotProps } from '../../../resources/slots';

/**
 * "Sincronizar grupos" (syncgroups), the groups list's toolbar slot, for who may change groups:
 * 'No existen grupos.' when the project has none, 'Sincronización correcta' or 'Problemas al
 * sincronizar grupos.' with the server's reason (000 §5, §8).
 */
export function SyncGroupsButton({ database }: ListSlotProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { can } = useDefinitionListUi();
  const { total, filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  if (!can('edit') || database == null) return null;
  const filtered = Object.keys(filterValues ?? {}).some((key) => key !== 'database');
  const sync = async () => {
    if (total === 0 && !filtered) {
      notify('groups.messages.noGroups', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      await dataProvider.syncGroups(database);
      notify('groups.messages.synced', { type: 'success' });
      refresh();
    } catch (error) {
      const reason = (error as Error).message;
      notify(`${translate('groups.messages.syncFailed')} ${reason}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<SyncIcon />} onClick={() => void sync()} disabled={busy}>
      {translate('groups.sync')}
    </Button>
  );
}
