import { Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { ACTION_LABELS } from './actionLabels';
import { MailPushMenuButton } from './remote/MailPushMenuButton';
import { useDeviceCommands } from './useDeviceCommands';

/**
 * The device list's own buttons in the list's toolbar (its `toolbar` slot; the factory's has
 * create, the filter row toggle and the exports): select all, which the bar over a selection
 * offers once there is one, and mail or push to every device. They need no right-click, so
 * touch screens have them too.
 */
export function DeviceToolbar() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const { actions, run } = useDeviceCommands();
  const { label, Icon } = ACTION_LABELS.selectAll;
  return (
    <>
      {actions.includes('selectAll') && selectedIds.length === 0 && (
        <Button size="small" startIcon={<Icon />} onClick={() => run('selectAll')}>
          {translate(label)}
        </Button>
      )}
      <MailPushMenuButton />
    </>
  );
}
