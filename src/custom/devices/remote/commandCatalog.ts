import { MESSAGE_MAX, QUEUE_EXPIRY_HOURS, type CommandName } from '../../../../protocol/commands';
import { COMMAND_GROUPS, confirmationMatches, TYPED_CONFIRMATION } from './commandGroups';

/** The longest message a command takes (protocol/commands.ts MESSAGE_MAX). */
export const messageMax = (cmd: CommandName): number =>
  (MESSAGE_MAX as Partial<Record<CommandName, number>>)[cmd] ?? 1000;

/** What the command dialog asks for each command (001 §3 Device command fields). */
export type CommandField =
  | 'message'
  | 'requiredMessage'
  | 'title'
  | 'password'
  | 'packageName'
  | 'enabled'
  | 'policy'
  | 'factoryReset';

const TOGGLE: CommandField[] = ['enabled'];

export const COMMAND_FIELDS: Record<CommandName, CommandField[]> = {
  lock: ['message'],
  wipe: ['factoryReset'],
  password: ['password'],
  policy: ['policy'],
  mobiledata: TOGGLE,
  wifi: TOGGLE,
  camera: TOGGLE,
  playstore: TOGGLE,
  settings: TOGGLE,
  statusbar: TOGGLE,
  alarm: ['title', 'message'],
  install: ['packageName'],
  uninstall: ['packageName'],
  replicator: [],
  logs: [],
  database: [],
  ping: [],
  toast: ['requiredMessage'],
  notification: ['title', 'requiredMessage'],
  reboot: [],
  gps: [],
  info: [],
  // The premium kiosk's (sent by its profile's transitions, not offered by the device menu).
  setKioskConfigurationPassword: ['password'],
  setPassword: ['password'],
  setPasswordPolicies: ['policy'],
  setLaunchOnBoot: ['packageName'],
  addWifiNetwork: [],
  getApplicationList: [],
  hide: ['packageName'],
  show: ['packageName'],
  'invert-policy': ['policy'],
  'change-policy': ['policy'],
  clearappdata: ['packageName'],
  lostmode: ['enabled', 'message'],
  relinquish: [],
};

/**
 * Commands that undo work on the device: the dialog asks for an explicit yes (001 §5); for
 * those of TYPED_CONFIRMATION, the yes is the device's MID typed.
 */
export const NEEDS_CONFIRMATION: readonly CommandName[] = ['wipe', 'reboot'];

/** The device settings dialog's policy commands (001 §2 Help-desk device panel). */
export const POLICY_COMMANDS: readonly CommandName[] = [
  'camera',
  'wifi',
  'mobiledata',
  'playstore',
  'settings',
  'statusbar',
  'policy',
  'lock',
  'password',
  'reboot',
  'wipe',
];

/**
 * Policy commands only Android devices carry out (the device owner's restrictions and system
 * update policy): not offered for another platform.
 */
export const ANDROID_ONLY: readonly CommandName[] = [
  'mobiledata',
  'playstore',
  'settings',
  'statusbar',
  'policy',
];

/** Whether a device of this platform (its DEVICE_TYPE) carries out the command. */
export const runsOn = (cmd: CommandName, platform: string | null | undefined) =>
  !ANDROID_ONLY.includes(cmd) || !platform || platform.toUpperCase() === 'ANDROID';

/** Every command of 001 §9, in the order of the menu: by group, destructive last. */
export const MENU_COMMANDS: readonly CommandName[] = COMMAND_GROUPS.flatMap(
  (entry) => entry.commands,
);

/** 001 §9: "Notification id fixed, vibrate true". */
const NOTIFICATION_ID = 1;

export interface CommandValues {
  message: string;
  title: string;
  password: string;
  packageName: string;
  enabled: boolean;
  systemUpdate: 'automatic' | 'postpone';
  permission: 'prompt' | 'auto_grant';
  allowFactoryReset: boolean;
  confirmed: boolean;
  /** What the operator typed to confirm a destructive command (TYPED_CONFIRMATION). */
  typed: string;
  /** Hours the command waits for a device that is offline (QUEUE_EXPIRY_HOURS). */
  expiry: number;
}

export const EMPTY_VALUES: CommandValues = {
  message: '',
  title: '',
  password: '',
  packageName: '',
  enabled: true,
  systemUpdate: 'automatic',
  permission: 'prompt',
  allowFactoryReset: true,
  confirmed: false,
  typed: '',
  expiry: QUEUE_EXPIRY_HOURS.default,
};

/** i18n keys of what is wrong, by field; empty when the command can be sent. */
export function validateCommand(
  cmd: CommandName,
  values: CommandValues,
  devices: readonly string[] = [],
): Partial<Record<keyof CommandValues, string>> {
  const fields = COMMAND_FIELDS[cmd];
  const errors: Partial<Record<keyof CommandValues, string>> = {};
  if (fields.includes('password') && values.password !== '') {
    // 001 §5: empty removes the password; otherwise at least 4 characters, digits only.
    if (values.password.length < 4) errors.password = 'remote.command.password_short';
    else if (!/^\d+$/.test(values.password)) errors.password = 'remote.command.password_digits';
  }
  if (fields.includes('packageName') && !values.packageName.trim()) {
    errors.packageName = 'remote.command.package_required';
  }
  if (fields.includes('requiredMessage') && !values.message.trim()) {
    errors.message = 'remote.command.required';
  }
  if (TYPED_CONFIRMATION.includes(cmd)) {
    if (!confirmationMatches(values.typed, devices)) errors.typed = 'remote.command.typed_wrong';
  } else if (NEEDS_CONFIRMATION.includes(cmd) && !values.confirmed) {
    errors.confirmed = 'remote.command.confirm_check';
  }
  return errors;
}

/** The command's `params` as sendCommand takes them (protocol/commands.ts). */
export function commandParams(cmd: CommandName, values: CommandValues): Record<string, unknown> {
  const fields = COMMAND_FIELDS[cmd];
  const params: Record<string, unknown> = {};
  const message = values.message.trim();
  const title = values.title.trim();
  if ((fields.includes('message') || fields.includes('requiredMessage')) && message)
    params.message = message;
  if (fields.includes('title') && title) params.title = title;
  if (fields.includes('password')) params.password = values.password;
  if (fields.includes('packageName')) params.packageName = values.packageName.trim();
  if (fields.includes('enabled')) params.enabled = values.enabled;
  if (fields.includes('factoryReset')) params.allowFactoryReset = values.allowFactoryReset;
  if (fields.includes('policy')) {
    params.policy = { systemUpdate: values.systemUpdate, permission: values.permission };
  }
  if (cmd === 'notification')
    Object.assign(params, { notificationID: NOTIFICATION_ID, vibrate: true });
  return params;
}
