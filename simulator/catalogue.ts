import type { PlatformName } from '../protocol/devices';

/** What a kind of device is: its platform, maker and model, and what hardware it has. */
export interface ModelSpec {
  manufacturer: string;
  model: string;
  os: string;
  osVersions: readonly string[];
  /** GiB. */
  ram: readonly number[];
  /** GiB of internal storage. */
  storage: readonly number[];
  /** A removable card slot (GiB cards it may carry, 0 for none). */
  cards: readonly number[];
  hasBattery: boolean;
  hasGps: boolean;
  /** A SIM card (IMEI, ICCID, operator). */
  cellular: boolean;
  /** Usually carried around (phones, rugged handhelds) rather than on a desk. */
  mobile: boolean;
}

type Kind = Pick<ModelSpec, 'hasBattery' | 'hasGps' | 'cellular' | 'mobile'>;

function spec(
  kind: Kind,
  manufacturer: string,
  model: string,
  os: string,
  osVersions: readonly string[],
  ram: readonly number[],
  storage: readonly number[],
  cards: readonly number[] = [0],
): ModelSpec {
  return { ...kind, manufacturer, model, os, osVersions, ram, storage, cards };
}

const phone = { hasBattery: true, hasGps: true, cellular: true, mobile: true } as const;
const laptop = { hasBattery: true, hasGps: false, cellular: false, mobile: false } as const;
const desktop = { hasBattery: false, hasGps: false, cellular: false, mobile: false } as const;
const tablet = { ...phone, cellular: false, mobile: false } as const;
const featurePhone = { ...phone, hasGps: false } as const;

/** Platforms by share of the fleet, Android most, and the models seen on each. */
export const PLATFORM_MIX: readonly (readonly [PlatformName, number])[] = [
  ['ANDROID', 66],
  ['IPHONE', 15],
  ['WINDOWS8', 6],
  ['WEB', 5],
  ['LINUX', 4],
  ['WINDOWS32', 2],
  ['BB10', 1],
  ['BLACKBERRY', 1],
];

const android = ['11', '12', '13', '14'];
export const MODELS: Record<string, readonly ModelSpec[]> = {
  ANDROID: [
    spec(phone, 'Samsung', 'Galaxy A54', 'Android', ['13', '14'], [6, 8], [128, 256], [0, 64, 128]),
    spec(phone, 'Samsung', 'Galaxy A34', 'Android', ['13', '14'], [6], [128], [0, 64]),
    spec(phone, 'Samsung', 'Galaxy S23', 'Android', ['14'], [8], [256]),
    spec(phone, 'Samsung', 'Galaxy XCover6 Pro', 'Android', ['13', '14'], [6], [128], [0, 128]),
    spec(phone, 'Xiaomi', 'Redmi Note 12', 'Android', ['12', '13'], [4, 6], [64, 128], [0, 64]),
    spec(phone, 'Xiaomi', 'Redmi Note 13', 'Android', ['13', '14'], [6, 8], [128, 256]),
    spec(phone, 'Google', 'Pixel 7a', 'Android', ['14'], [8], [128]),
    spec(phone, 'Motorola', 'moto g84', 'Android', ['13', '14'], [12], [256]),
    spec(phone, 'OPPO', 'A78', 'Android', ['13'], [8], [128], [0, 64]),
    spec(phone, 'Zebra', 'TC52', 'Android', android, [4], [32], [0, 32]),
    spec(phone, 'Zebra', 'TC21', 'Android', ['11', '13'], [3], [32]),
    spec(phone, 'Honeywell', 'CT40', 'Android', ['11', '13'], [4], [32], [0, 32]),
    spec(tablet, 'Lenovo', 'Tab M10', 'Android', ['12', '13'], [4], [64], [0, 64]),
  ],
  IPHONE: [
    spec(phone, 'Apple', 'iPhone 12', 'iOS', ['16.7', '17.6'], [4], [64, 128]),
    spec(phone, 'Apple', 'iPhone 13', 'iOS', ['17.6', '18.1'], [4], [128]),
    spec(phone, 'Apple', 'iPhone 14', 'iOS', ['17.6', '18.1'], [6], [128, 256]),
    spec(phone, 'Apple', 'iPhone 15', 'iOS', ['18.1'], [6], [128]),
    spec(phone, 'Apple', 'iPhone SE (3.ª generación)', 'iOS', ['17.6', '18.1'], [4], [64]),
    spec(tablet, 'Apple', 'iPad (10.ª generación)', 'iPadOS', ['17.6', '18.1'], [4], [64]),
  ],
  WINDOWS8: [
    spec(laptop, 'Microsoft', 'Surface Pro 9', 'Windows', ['11 23H2'], [8, 16], [256]),
    spec(laptop, 'Lenovo', 'ThinkPad X13', 'Windows', ['10 22H2', '11 23H2'], [16], [512]),
    spec(laptop, 'HP', 'EliteBook 840 G9', 'Windows', ['11 23H2'], [16], [512]),
  ],
  WINDOWS32: [
    spec(desktop, 'Dell', 'OptiPlex 7090', 'Windows', ['10 22H2'], [8, 16], [256, 512]),
    spec(desktop, 'HP', 'ProDesk 400 G7', 'Windows', ['10 22H2'], [8], [256]),
  ],
  LINUX: [
    spec(desktop, 'Raspberry Pi', 'Raspberry Pi 4 Model B', 'Debian', ['12'], [4, 8], [32, 64]),
    spec(laptop, 'Dell', 'Latitude 5420', 'Ubuntu', ['22.04', '24.04'], [16], [512]),
    spec(desktop, 'Advantech', 'UTC-520 (quiosco)', 'Ubuntu', ['22.04'], [8], [128]),
  ],
  WEB: [
    spec(desktop, 'Google', 'Chrome', 'Web', ['128', '130'], [8], [0]),
    spec(desktop, 'Mozilla', 'Firefox', 'Web', ['131', '132'], [8], [0]),
    spec(desktop, 'Apple', 'Safari', 'Web', ['17.6', '18.1'], [8], [0]),
  ],
  BB10: [spec(phone, 'BlackBerry', 'Passport', 'BlackBerry 10', ['10.3.3'], [3], [32], [0, 32])],
  BLACKBERRY: [
    spec(featurePhone, 'BlackBerry', 'Bold 9900', 'BlackBerry OS', ['7.1'], [1], [8], [0, 8]),
  ],
};

export const FIRST_NAMES: readonly string[] = (
  'Lucía Sofía Martina María Julia Paula Valeria Emma Daniela Carmen Alba Noa Laura Ana ' +
  'Marta Elena Irene Sara Cristina Nuria Hugo Martín Lucas Mateo Leo Daniel Alejandro Pablo ' +
  'Manuel Álvaro Javier Adrián David Diego Mario Jorge Sergio Carlos Iker Antonio José ' +
  'Francisco Juan Raúl Rubén Íñigo Xabier Jordi Montserrat Pilar'
).split(' ');

export const SURNAMES: readonly string[] = (
  'García Rodríguez González Fernández López Martínez Sánchez Pérez Gómez Martín Jiménez ' +
  'Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez ' +
  'Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez Ortega Delgado Castro ' +
  'Ortiz Rubio Marín Sanz Iglesias Núñez Medina Garrido Etxeberria Puig Ferrer Castillo ' +
  'Cortés Lozano Guerrero'
).split(' ');

export interface City {
  name: string;
  latitude: number;
  longitude: number;
}

/** Spanish cities by rough weight (population), with their centres. */
export const CITIES: readonly (readonly [City, number])[] = [
  [{ name: 'Madrid', latitude: 40.4168, longitude: -3.7038 }, 33],
  [{ name: 'Barcelona', latitude: 41.3874, longitude: 2.1686 }, 16],
  [{ name: 'Valencia', latitude: 39.4699, longitude: -0.3763 }, 8],
  [{ name: 'Sevilla', latitude: 37.3891, longitude: -5.9845 }, 7],
  [{ name: 'Zaragoza', latitude: 41.6488, longitude: -0.8891 }, 7],
  [{ name: 'Málaga', latitude: 36.7213, longitude: -4.4214 }, 6],
  [{ name: 'Murcia', latitude: 37.9922, longitude: -1.1307 }, 4],
  [{ name: 'Palma', latitude: 39.5696, longitude: 2.6502 }, 4],
  [{ name: 'Las Palmas de Gran Canaria', latitude: 28.1235, longitude: -15.4363 }, 4],
  [{ name: 'Bilbao', latitude: 43.263, longitude: -2.935 }, 3],
  [{ name: 'Alicante', latitude: 38.3452, longitude: -0.481 }, 3],
  [{ name: 'Valladolid', latitude: 41.6523, longitude: -4.7245 }, 3],
  [{ name: 'Vigo', latitude: 42.2406, longitude: -8.7207 }, 3],
  [{ name: 'A Coruña', latitude: 43.3623, longitude: -8.4115 }, 2],
  [{ name: 'Granada', latitude: 37.1773, longitude: -3.5986 }, 2],
  [{ name: 'Vitoria-Gasteiz', latitude: 42.8467, longitude: -2.6716 }, 2],
  [{ name: 'Santander', latitude: 43.4623, longitude: -3.81 }, 2],
  [{ name: 'Pamplona', latitude: 42.8125, longitude: -1.6458 }, 2],
];

export const OPERATORS: readonly (readonly [string, number])[] = [
  ['Movistar', 27],
  ['Vodafone', 21],
  ['Orange', 20],
  ['MásMóvil', 9],
  ['Yoigo', 8],
  ['Digi', 9],
  ['Simyo', 3],
  ['Lowi', 3],
];
