import { useDeviceListUi } from '../deviceListUi';
import { useDeviceCommands } from '../useDeviceCommands';
import { remoteActions, type RemoteAction } from './remoteActions';
import { useRemoteUi } from './remoteUi';
import type { CommandName } from '../../../../protocol/commands';

/** The remote actions the caller may use on the list's selection, and running them. */
export function useRemoteActions() {
  const ui = useDeviceListUi();
  const remote = useRemoteUi();
  const { selectedRows } = useDeviceCommands();
  const mids = selectedRows.map((row) => row.MID);
  const actions = remoteActions(ui.permissions, mids.length);
  const run = (action: Exclude<RemoteAction, 'commands'>) => {
    switch (action) {
      case 'mailSelected':
        return remote.mail({ devices: mids });
      case 'mailAll':
        return remote.mail('all');
      case 'pushSelected':
        return remote.push({ devices: mids });
      case 'pushAll':
        return remote.push('all');
    }
  };
  const sendCommand = (cmd: CommandName) => remote.sendCommand({ cmd, devices: mids });
  return { actions, run, sendCommand };
}
