import type { PlatformName } from '../protocol/devices';
import {
  CITIES,
  FIRST_NAMES,
  MODELS,
  OPERATORS,
  PLATFORM_MIX,
  SURNAMES,
  type City,
  type ModelSpec,
} from './catalogue';
import { Random } from './random';

/**
 * How a device comes and goes: 'steady' stays connected with rare drops, 'flaky' drops often,
 * 'dormant' shows up now and then and is otherwise away for hours.
 */
export type Behaviour = 'steady' | 'flaky' | 'dormant';

/** Everything fixed about one virtual device; the same for the same fleet seed and index. */
export interface DeviceProfile {
  index: number;
  mid: string;
  platform: PlatformName;
  spec: ModelSpec;
  osVersion: string;
  owner: string;
  email: string;
  username: string;
  city: City;
  imei: string | null;
  imei2: string | null;
  iccid: string | null;
  operator: string | null;
  serial: string;
  rooted: boolean;
  /** Bytes. */
  totalRam: number;
  totalInternal: number;
  totalExternal: number;
  behaviour: Behaviour;
}

const GIB = 1024 ** 3;

/** Appends the Luhn check digit (IMEI, ICCID). */
function withLuhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits + String((10 - (sum % 10)) % 10);
}

function uuid(random: Random): string {
  const hex = random.hex(32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** The identifier each kind of agent would report. */
function midFor(platform: PlatformName, random: Random): string {
  switch (platform) {
    case 'ANDROID':
      return random.hex(16); // Settings.Secure.ANDROID_ID
    case 'IPHONE':
      return uuid(random).toUpperCase(); // identifierForVendor
    case 'BB10':
    case 'BLACKBERRY':
      return random.hex(8).toUpperCase(); // BlackBerry PIN
    case 'LINUX':
      return random.hex(32); // /etc/machine-id
    case 'WEB':
      return `web-${uuid(random)}`;
    default:
      return uuid(random).toUpperCase(); // Windows MachineGuid
  }
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The profile of device `index` of the fleet whose seed is `seed`. */
export function createProfile(seed: string, index: number): DeviceProfile {
  const random = new Random(`${seed}/${index}`);
  const platform = random.weighted(PLATFORM_MIX);
  const spec = random.pick(MODELS[platform]);
  const first = random.pick(FIRST_NAMES);
  const surname = random.pick(SURNAMES);
  const second = random.pick(SURNAMES);
  const login = `${ascii(first)}.${ascii(surname)}${random.int(1, 99)}`;
  const cellular = spec.cellular;
  const tac = `35${random.digits(6)}`;
  return {
    index,
    mid: midFor(platform, random),
    platform,
    spec,
    osVersion: random.pick(spec.osVersions),
    owner: `${first} ${surname} ${second}`,
    email: `${login}@flota-demo.es`,
    username: login,
    city: random.weighted(CITIES),
    imei: cellular ? withLuhn(`${tac}${random.digits(6)}`) : null,
    imei2: cellular && random.chance(0.4) ? withLuhn(`${tac}${random.digits(6)}`) : null,
    iccid: cellular ? withLuhn(`893401${random.digits(12)}`) : null,
    operator: cellular ? random.weighted(OPERATORS) : null,
    serial: `${spec.manufacturer.slice(0, 2).toUpperCase()}${random.hex(10).toUpperCase()}`,
    rooted: platform === 'ANDROID' && random.chance(0.03),
    totalRam: random.pick(spec.ram) * GIB,
    totalInternal: random.pick(spec.storage) * GIB,
    totalExternal: random.pick(spec.cards) * GIB,
    behaviour: random.weighted([
      ['steady', 75],
      ['flaky', 17],
      ['dormant', 8],
    ] as const),
  };
}
