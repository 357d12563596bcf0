import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PROVISION_LOG, PROVISION_TASKS } from '../../../../protocol/resources/provision-tasks';
import { DeviceResourceList, type DeviceListsProps } from '../remote/DeviceResourceList';

/**
 * The edit dialog's Provision tab (001 §2): the declared lists `provision-tasks` (newest first)
 * and, below it, `provision-log` of the task chosen (oldest first), both of this device, paged by
 * the server and read again every few seconds while the device works.
 */
export function ProvisionTab({ database, mid, owner }: DeviceListsProps) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = { database, mid, owner };
  return (
    <Box>
      <DeviceResourceList
        definition={PROVISION_TASKS}
        {...list}
        onOpen={(row) => setChosen(Number(row.id))}
        current={chosen ?? undefined}
      />
      {chosen === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('provisioning.pick')}
        </Typography>
      ) : (
        <DeviceResourceList
          // A new task's log starts on its first page.
          key={chosen}
          definition={PROVISION_LOG}
          {...list}
          fixed={{ task: chosen }}
          title={translate('provisioning.log', { id: chosen })}
        />
      )}
    </Box>
  );
}
