import type { PolicyDocument, PolicyPlatform } from './policy-schema';

/**
 * The settings every platform has, as the editor's form shows them (docs/mdm.md, "The common
 * settings"): each is read from and written to the platform's own setting in the document, so
 * the form and the JSON tab edit the same document. A setting left off (a switch off, an empty
 * number) is removed from the document: the device's default applies.
 */

type Path = (string | number)[];

interface Mapping {
  path: Path;
  /** The document's value of the form's value, and back; absent: the same value. */
  write?: (value: boolean | number | string) => unknown;
  read?: (stored: unknown) => boolean | number | string | null;
}

export interface CommonSetting {
  key:
    | 'passwordMinLength'
    | 'cameraDisabled'
    | 'screenCaptureDisabled'
    | 'usbDataDisabled'
    | 'factoryResetDisabled'
    | 'locationMode';
  type: 'number' | 'boolean' | 'choice';
  /** For a number: its bounds on each platform; for a choice: its codes. */
  min?: Partial<Record<PolicyPlatform, number>>;
  max?: number;
  choices?: string[];
  platforms: Partial<Record<PolicyPlatform, Mapping>>;
}

/** A platform's "allow X" switch written as the common "X disabled". */
const negated = (path: Path): Mapping => ({
  path,
  write: (disabled) => (disabled ? false : undefined),
  read: (stored) => stored === false,
});

const LOCATION_ANDROID = {
  user: 'LOCATION_USER_CHOICE',
  enforced: 'LOCATION_ENFORCED',
  disabled: 'LOCATION_DISABLED',
} as const;
const LOCATION_WINDOWS = { user: 1, enforced: 2, disabled: 0 } as const;
const keyOf = <T extends Record<string, unknown>>(map: T, stored: unknown) =>
  (Object.keys(map) as (keyof T & string)[]).find((key) => map[key] === stored) ?? null;

export const COMMON_SETTINGS: CommonSetting[] = [
  {
    key: 'passwordMinLength',
    type: 'number',
    min: { android: 0, ios: 0, windows: 4 },
    max: 16,
    platforms: {
      android: { path: ['passwordPolicies', 0, 'passwordMinimumLength'] },
      ios: { path: ['passcode', 'minLength'] },
      windows: { path: ['deviceLock', 'MinDevicePasswordLength'] },
    },
  },
  {
    key: 'cameraDisabled',
    type: 'boolean',
    platforms: {
      android: { path: ['cameraDisabled'], write: (on) => (on ? true : undefined) },
      ios: negated(['restrictions', 'allowCamera']),
      windows: negated(['camera', 'AllowCamera']),
    },
  },
  {
    key: 'screenCaptureDisabled',
    type: 'boolean',
    platforms: {
      android: { path: ['screenCaptureDisabled'], write: (on) => (on ? true : undefined) },
      ios: negated(['restrictions', 'allowScreenShot']),
      windows: negated(['experience', 'AllowScreenCapture']),
    },
  },
  {
    key: 'usbDataDisabled',
    type: 'boolean',
    platforms: {
      android: {
        path: ['usbDataAccess'],
        write: (on) => (on ? 'DISALLOW_USB_DATA_TRANSFER' : undefined),
        read: (stored) => stored === 'DISALLOW_USB_DATA_TRANSFER',
      },
      windows: negated(['connectivity', 'AllowUSBConnection']),
    },
  },
  {
    key: 'factoryResetDisabled',
    type: 'boolean',
    platforms: {
      android: { path: ['factoryResetDisabled'], write: (on) => (on ? true : undefined) },
      ios: negated(['restrictions', 'allowEraseContentAndSettings']),
      windows: negated(['experience', 'AllowResetPhone']),
    },
  },
  {
    key: 'locationMode',
    type: 'choice',
    choices: ['user', 'enforced', 'disabled'],
    platforms: {
      android: {
        path: ['locationMode'],
        write: (code) => LOCATION_ANDROID[code as keyof typeof LOCATION_ANDROID],
        read: (stored) => keyOf(LOCATION_ANDROID, stored),
      },
      windows: {
        path: ['system', 'AllowLocation'],
        write: (code) => LOCATION_WINDOWS[code as keyof typeof LOCATION_WINDOWS],
        read: (stored) => keyOf(LOCATION_WINDOWS, stored),
      },
    },
  },
];

/** The common settings a platform has. */
export const commonSettingsOf = (platform: PolicyPlatform) =>
  COMMON_SETTINGS.filter((setting) => setting.platforms[platform]);

function getIn(document: unknown, path: Path): unknown {
  let value = document;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/** A copy of the document with the value at the path (a new object or list on the way), or without it. */
function setIn(document: unknown, path: Path, value: unknown): unknown {
  const [part, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(document)
    ? [...document]
    : typeof document === 'object' && document !== null
      ? { ...(document as Record<string, unknown>) }
      : typeof part === 'number'
        ? []
        : {};
  const slot = container as Record<string | number, unknown>;
  const next = rest.length === 0 ? value : setIn(slot[part], rest, value);
  const empty =
    next === undefined ||
    (rest.length > 0 &&
      typeof next === 'object' &&
      next !== null &&
      Object.keys(next).length === 0);
  if (empty) {
    if (Array.isArray(container)) container.splice(part as number, 1);
    else delete slot[part];
  } else {
    slot[part] = next;
  }
  return container;
}

/** The form's value of a common setting in a document: null when the document does not set it. */
export function readSetting(
  document: PolicyDocument,
  platform: PolicyPlatform,
  setting: CommonSetting,
): boolean | number | string | null {
  const mapping = setting.platforms[platform];
  if (!mapping) return null;
  const stored = getIn(document, mapping.path);
  if (mapping.read) return mapping.read(stored);
  if (stored === undefined || stored === null) return setting.type === 'boolean' ? false : null;
  return stored as boolean | number | string;
}

/** The document with a common setting changed to the form's value (null: removed). */
export function writeSetting(
  document: PolicyDocument,
  platform: PolicyPlatform,
  setting: CommonSetting,
  value: boolean | number | string | null,
): PolicyDocument {
  const mapping = setting.platforms[platform];
  if (!mapping) return document;
  const stored = value === null ? undefined : mapping.write ? mapping.write(value) : value;
  return setIn(document, mapping.path, stored) as PolicyDocument;
}
