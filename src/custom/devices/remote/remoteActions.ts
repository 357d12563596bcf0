import type { DevicePermissions } from '../../../dataProvider';

/** The remote items of the device list's menu and toolbars (001 §2, §6). */
export type RemoteAction = 'commands' | 'mailSelected' | 'mailAll' | 'pushSelected' | 'pushAll';

export function remoteActions(permissions: DevicePermissions, selected: number): RemoteAction[] {
  const actions: RemoteAction[] = [];
  if (permissions.saveDevice && selected > 0) actions.push('commands');
  if (permissions.sendemail && selected > 0) actions.push('mailSelected');
  if (permissions.sendemail) actions.push('mailAll');
  // Push is always available (001 §6).
  if (selected > 0) actions.push('pushSelected');
  actions.push('pushAll');
  return actions;
}

export const REMOTE_LABELS: Record<RemoteAction, string> = {
  commands: 'remote.menu.commands',
  mailSelected: 'remote.menu.mail_selected',
  mailAll: 'remote.menu.mail_all',
  pushSelected: 'remote.menu.push_selected',
  pushAll: 'remote.menu.push_all',
};
