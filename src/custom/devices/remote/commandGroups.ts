import type { CommandName } from '../../../../protocol/commands';

/**
 * The command menu's groups, in the order shown: what only asks the device for information
 * first, destructive commands last (docs/decisions.md, "Command menu").
 */
export const COMMAND_GROUPS = [
  { group: 'information', commands: ['info', 'gps', 'ping', 'logs', 'database', 'replicator'] },
  { group: 'messages', commands: ['toast', 'notification', 'alarm'] },
  { group: 'apps', commands: ['install', 'uninstall'] },
  {
    group: 'security',
    commands: [
      'camera',
      'wifi',
      'mobiledata',
      'playstore',
      'settings',
      'statusbar',
      'password',
      'policy',
    ],
  },
  { group: 'destructive', commands: ['reboot', 'lock', 'wipe'] },
] as const satisfies readonly { group: string; commands: readonly CommandName[] }[];

export type CommandGroup = (typeof COMMAND_GROUPS)[number]['group'];

/**
 * Commands that change what the device's user can do or erase it: the dialog asks to type the
 * device's MID (or, for several devices, how many) before sending. A factory reset is a wipe
 * that allows it.
 */
export const TYPED_CONFIRMATION: readonly CommandName[] = ['lock', 'wipe'];

/** The given commands by group, in the menu's order; a group without any is left out. */
export function groupCommands(
  commands: readonly CommandName[],
): { group: CommandGroup; commands: CommandName[] }[] {
  const wanted = new Set(commands);
  return COMMAND_GROUPS.map(({ group, commands: members }) => ({
    group,
    commands: members.filter((cmd) => wanted.has(cmd)),
  })).filter((entry) => entry.commands.length > 0);
}

/**
 * What the operator must type to confirm a destructive command: the MID of the one device
 * (case and surrounding spaces aside), or the number of devices when there are several.
 */
export function confirmationMatches(typed: string, devices: readonly string[]): boolean {
  const text = typed.trim();
  if (devices.length === 1) return text.toLowerCase() === devices[0].toLowerCase();
  return text === String(devices.length);
}
