/**
 * The device list's wire vocabulary (specification 000 §3 Device, §4 device colour state,
 * 001 §3): columns, platforms, status filter values and the colour rule, written once for the
 * server and the console.
 */

/** The platforms every project knows (000 §3). */
export const PLATFORMS = [
  'ANDROID',
  'IPHONE',
  'BLACKBERRY',
  'LINUX',
  'POCKETPC',
  'MOVILCOMPLUS',
  'WINDOWS8',
  'WINDOWS32',
  'WP7',
  'BB10',
  'WEB',
] as const;

export type PlatformName = (typeof PLATFORMS)[number];

/** How a platform code is shown (the console's readable names, the choices of DEVICE_TYPE). */
export const PLATFORM_LABELS: Record<PlatformName, { es: string; en: string }> = {
  ANDROID: { es: 'Android', en: 'Android' },
  IPHONE: { es: 'iPhone', en: 'iPhone' },
  BLACKBERRY: { es: 'BlackBerry', en: 'BlackBerry' },
  LINUX: { es: 'Linux', en: 'Linux' },
  POCKETPC: { es: 'Pocket PC', en: 'Pocket PC' },
  MOVILCOMPLUS: { es: 'MovilCom+', en: 'MovilCom+' },
  WINDOWS8: { es: 'Windows 8', en: 'Windows 8' },
  WINDOWS32: { es: 'Windows (32 bits)', en: 'Windows (32-bit)' },
  WP7: { es: 'Windows Phone 7', en: 'Windows Phone 7' },
  BB10: { es: 'BlackBerry 10', en: 'BlackBerry 10' },
  WEB: { es: 'Web', en: 'Web' },
};

/** Columns of the device list with their data types (the filter operators follow from them). */
export const DEVICE_LIST_COLUMNS = {
  ID: 'int',
  PIN: 'text',
  PIN2: 'text',
  MID: 'text',
  OWNER: 'text',
  USERNAME: 'text',
  DEVICEGROUP: 'text',
  MODEL: 'text',
  SINCRONISMO: 'datetime',
  STATUS: 'int',
  PENDIENTE: 'int',
  DEVICE_TYPE: 'text',
  EMAIL: 'text',
  LIC: 'text',
  IMEI: 'text',
} as const;

export type DeviceListColumn = keyof typeof DEVICE_LIST_COLUMNS;

/** The group editor's device picker (`status: 'short'`) shows and filters these only. */
export const DEVICE_PICKER_COLUMNS = {
  ID: 'int',
  PIN: 'text',
  MID: 'text',
  OWNER: 'text',
  EMAIL: 'text',
  DEVICE_TYPE: 'text',
} as const satisfies Partial<typeof DEVICE_LIST_COLUMNS>;

/** The colour state of a device row, the `Estado` of 001 §3 (000 §4). */
export const DeviceState = {
  synced: 0,
  notSynced: 1,
  disabled: 2,
  generatingDb: 3,
} as const;

export type DeviceStateCode = (typeof DeviceState)[keyof typeof DeviceState];

/** The status filter of the device list: a colour state, or 4 for every device not disabled. */
export const DeviceStatusFilter = { ...DeviceState, enabled: 4 } as const;

export type DeviceStatusFilterCode = (typeof DeviceStatusFilter)[keyof typeof DeviceStatusFilter];

/**
 * STATUS carries the device's database provisioning (000 §4 Provision status): -1 and 0 none or
 * not started, 1 generating, any other value provisioned. PENDIENTE 1 holds the device.
 */
export const GENERATING_DB_STATUS = 1;
export const NOT_PROVISIONED_STATUSES = [-1, 0, 1] as const;

export interface DeviceStateFields {
  SINCRONISMO: Date | string | null;
  STATUS: number;
  PENDIENTE: number;
}

/** Disabled: PENDIENTE = 1 and STATUS not -1, 0 or 1 (000 §4). */
export function isDisabled(device: Pick<DeviceStateFields, 'STATUS' | 'PENDIENTE'>): boolean {
  return (
    device.PENDIENTE === 1 &&
    !(NOT_PROVISIONED_STATUSES as readonly number[]).includes(device.STATUS)
  );
}

/** Midnight at the start of the day of `now`, in local time: "today" of the sync rule. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export function syncedSince(sincronismo: Date | string | null, since: Date): boolean {
  return sincronismo !== null && new Date(sincronismo).getTime() >= since.getTime();
}

/**
 * The colour state of a device (000 §4): disabled (red) first, then database generation, then
 * synced today (green) or not (yellow). `today` is the start of the current day.
 */
export function deviceState(device: DeviceStateFields, today: Date): DeviceStateCode {
  if (isDisabled(device)) return DeviceState.disabled;
  if (device.STATUS === GENERATING_DB_STATUS) return DeviceState.generatingDb;
  return syncedSince(device.SINCRONISMO, today) ? DeviceState.synced : DeviceState.notSynced;
}

/** Whether a device passes the status filter; 4 (enabled) is every device that is not disabled. */
export function matchesStatusFilter(
  device: DeviceStateFields,
  status: DeviceStatusFilterCode,
  today: Date,
): boolean {
  if (status === DeviceStatusFilter.enabled) return !isDisabled(device);
  return deviceState(device, today) === status;
}

/** The global search's row rule (001 "Global device search"): green when synced today, else red. */
export function searchRowColour(sincronismo: Date | string | null, today: Date): 'green' | 'red' {
  return syncedSince(sincronismo, today) ? 'green' : 'red';
}

/** A licence is in use when LIC is non-empty; a device is ready for one with application and user (001 §4). */
export function isLicensed(device: { LIC: string | null }): boolean {
  return Boolean(device.LIC && device.LIC.trim());
}

export function isReadyForLicence(device: {
  IDAPPLICATION: number | null;
  IDUSER: number | null;
}): boolean {
  return device.IDAPPLICATION !== null && device.IDUSER !== null;
}

/** The activity counters of the MAM dashboard (000 §3), in the specification's order. */
export const ACTIVITY_COUNTERS = [
  'Total',
  'NoReplicate',
  'MoreXPendingOps',
  'PendingProv',
  'PendingUpdates',
  'DevicesPendingSelectividad',
  'DeviceMoreOpersPending',
  'ItsOpersPending',
  'QUEUEOpers',
  'IQUEUEOpers',
  'SQUEUEOpers',
] as const;

export type ActivityCounter = (typeof ACTIVITY_COUNTERS)[number];
