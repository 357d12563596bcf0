import { formatDateTime, formatNumber } from '../../../i18n/formats';
/** Formatting of the device information of 001 §3 for the inventory tab. */

/** The information keys of 001 §3 in display order, with the storage totals the bars need. */
export const INFO_KEYS = [
  'manufacturerName',
  'modelName',
  'os',
  'osVersion',
  'networkOperatorName',
  'imei',
  'imei2',
  'deviceSerialNumber',
  'iccid',
  'iccid2',
  'isRooted',
  'isBatteryCharging',
  'batteryLevel',
  'availableRamSize',
  'totalRamSize',
  'availableInternalMemorySize',
  'totalInternalMemorySize',
  'availableExternalMemorySize',
  'totalExternalMemorySize',
] as const;

export type InfoKey = (typeof INFO_KEYS)[number];

const SIZE_KEYS: ReadonlySet<string> = new Set(INFO_KEYS.filter((key) => key.endsWith('Size')));

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** Bytes as MB below a gigabyte, else GB with one decimal. */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, digits: number) => formatNumber(value, locale, digits);
  return bytes >= GB ? `${format(bytes / GB, 1)} GB` : `${format(bytes / MB, 0)} MB`;
}

/** A date of the inventory in the console's one rule, with the time; null for none. */
export function inventoryDateTime(value: string | null, locale: string): string | null {
  return value ? formatDateTime(value, locale) : null;
}

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A percentage between 0 and 100, rounded. */
export const percent = (part: number, whole: number) =>
  Math.round(Math.min(100, Math.max(0, (part / whole) * 100)));

/** Used space of a total and its free part, when both are known and the total is not zero. */
export function usage(total: unknown, available: unknown) {
  if (!isNumber(total) || !isNumber(available) || total <= 0) return null;
  const used = Math.max(0, total - available);
  return { used, total, percent: percent(used, total) };
}

/** One information value as text: sizes in MB/GB, the battery level in %, yes/no. */
export function infoText(
  key: string,
  value: unknown,
  locale: string,
  words: { yes: string; no: string },
): string {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (isNumber(value) && SIZE_KEYS.has(key)) return formatBytes(value, locale);
  if (isNumber(value) && key === 'batteryLevel') return `${Math.round(value)} %`;
  return String(value);
}

/** The keys of 001 §3 the device reported, in display order. */
export function reportedKeys(info: Record<string, unknown>): InfoKey[] {
  return INFO_KEYS.filter(
    (key) => info[key] !== undefined && info[key] !== null && info[key] !== '',
  );
}
