import { badPublicEntry, PUBLIC_SETTING } from './data-service';
import type { FieldChoice, FieldLabel } from './resource-schema';

/**
 * The replicator settings of a project (000 §3 Replicator setting: KEYNAME, KEYVALUE,
 * IDCATEGORY, TIPO, Category) and the rules of their values (000 §5), written once for the
 * server, which refuses a wrong value, and the console, which checks it as it is typed. Which
 * setting the engine reads, and how, is in docs/replication.md ("Replicator settings").
 */

/** The value types of 000 §5. */
export const ReplicatorType = {
  dateOrder: 1,
  dbEngine: 2,
  text: 3,
  boolean: 4,
  number: 5,
  digit: 6,
} as const;

export type ReplicatorTypeCode = (typeof ReplicatorType)[keyof typeof ReplicatorType];

export const DATE_ORDERS = ['ymd', 'dmy', 'ydm'] as const;
/** The database engines a device's local copy may use (type 2's fixed list). */
export const DB_ENGINES = ['sqlite', 'sqlcipher', 'postgresql', 'sqlserver', 'mysql', 'oracle'];
/** Type 5: a whole number up to this. */
export const NUMBER_MAX = 10_000;
/** Type 3: the longest free text kept. */
export const TEXT_MAX = 2000;

export const TYPE_CHOICES: FieldChoice[] = [
  [ReplicatorType.dateOrder, 'Orden de fecha', 'Date order'],
  [ReplicatorType.dbEngine, 'Motor de base de datos', 'Database engine'],
  [ReplicatorType.text, 'Texto', 'Text'],
  [ReplicatorType.boolean, 'Sí o no', 'Yes or no'],
  [ReplicatorType.number, 'Número (hasta 10000)', 'Number (up to 10000)'],
  [ReplicatorType.digit, 'Dígito (0 a 7)', 'Digit (0 to 7)'],
].map(([code, es, en]) => ({ code, label: { es: String(es), en: String(en) } }));

/** The categories (IDCATEGORY) and their names (Category). */
export const CATEGORY_CHOICES: FieldChoice[] = [
  [0, 'General', 'General'],
  [1, 'Aplicación de operaciones', 'Applying operations'],
  [2, 'Entrega a los dispositivos', 'Delivery to devices'],
  [3, 'Mantenimiento', 'Maintenance'],
  [4, 'Aplicación del dispositivo', 'Device app'],
].map(([code, es, en]) => ({ code, label: { es: String(es), en: String(en) } }));

export interface ReplicatorSettingSpec {
  key: string;
  label: FieldLabel;
  category: number;
  type: ReplicatorTypeCode;
  /** The value a new project starts with (project migration 20261126_0010_replicator_settings). */
  default: string;
  /** Type 5: the smallest value that makes sense for this setting (0 otherwise). */
  min?: number;
}

/** The settings every project has, as the migration seeds them. */
export const REPLICATOR_SETTINGS: readonly ReplicatorSettingSpec[] = [
  {
    key: 'APPLY_BATCH',
    label: {
      es: 'Operaciones aplicadas por transacción',
      en: 'Operations applied per transaction',
    },
    category: 1,
    type: ReplicatorType.number,
    default: '5000',
    min: 1,
  },
  {
    key: 'CORRECTIONS',
    label: {
      es: 'Corregir al dispositivo una operación rechazada',
      en: 'Correct a device whose operation was refused',
    },
    category: 1,
    type: ReplicatorType.boolean,
    default: 'true',
  },
  {
    key: 'ERRORS_KEPT',
    label: { es: 'Errores guardados por dispositivo', en: 'Errors kept per device' },
    category: 1,
    type: ReplicatorType.number,
    default: '500',
    min: 1,
  },
  {
    key: 'LOG_LEVEL',
    label: { es: 'Nivel de registro del replicador', en: 'Replicator log level' },
    category: 1,
    type: ReplicatorType.digit,
    default: '3',
  },
  {
    key: 'FETCH_MAX',
    label: { es: 'Operaciones entregadas por llamada', en: 'Operations delivered per call' },
    category: 2,
    type: ReplicatorType.number,
    default: '500',
    min: 1,
  },
  {
    key: 'IQUEUE_RETENTION_DAYS',
    label: { es: 'Días que se guardan las aplicadas', en: 'Days applied operations are kept' },
    category: 3,
    type: ReplicatorType.number,
    default: '30',
  },
  {
    key: 'DATE_ORDER',
    label: { es: 'Orden de las fechas', en: 'Date order' },
    category: 4,
    type: ReplicatorType.dateOrder,
    default: 'ymd',
  },
  {
    key: 'DB_ENGINE',
    label: { es: 'Motor de la base de datos local', en: 'Local database engine' },
    category: 4,
    type: ReplicatorType.dbEngine,
    default: 'sqlite',
  },
  {
    // The data service for apps serves without authorisation only what this names (docs/api.md).
    key: PUBLIC_SETTING,
    label: {
      es: 'Servicio de datos: recursos e informes públicos',
      en: 'Data service: public resources and reports',
    },
    category: 4,
    type: ReplicatorType.text,
    default: '',
  },
];

export const SETTING_CHOICES: FieldChoice[] = REPLICATOR_SETTINGS.map((s) => ({
  code: s.key,
  label: s.label,
}));

export function settingSpec(key: string): ReplicatorSettingSpec | undefined {
  return REPLICATOR_SETTINGS.find((spec) => spec.key === key);
}

export type ValueProblem =
  | 'dateOrder'
  | 'dbEngine'
  | 'text'
  | 'boolean'
  | 'number'
  | 'digit'
  | 'unknownType'
  | 'publicEntry';

/** What is wrong with a value for a setting of type `type` (000 §5), or null. */
export function valueProblem(type: number, value: string, min = 0): ValueProblem | null {
  switch (type) {
    case ReplicatorType.dateOrder:
      return (DATE_ORDERS as readonly string[]).includes(value) ? null : 'dateOrder';
    case ReplicatorType.dbEngine:
      return DB_ENGINES.includes(value) ? null : 'dbEngine';
    case ReplicatorType.text:
      return [...value].length <= TEXT_MAX ? null : 'text';
    case ReplicatorType.boolean:
      return value === 'true' || value === 'false' ? null : 'boolean';
    case ReplicatorType.number: {
      if (!/^\d{1,5}$/.test(value)) return 'number';
      const number = Number(value);
      return number >= min && number <= NUMBER_MAX ? null : 'number';
    }
    case ReplicatorType.digit:
      return /^[0-7]$/.test(value) ? null : 'digit';
    default:
      return 'unknownType';
  }
}

const VALUE_TEXTS: Record<'es' | 'en', Record<ValueProblem, string>> = {
  es: {
    dateOrder: 'El valor de «{label}» debe ser un orden de fecha: ymd, dmy o ydm.',
    dbEngine: 'El valor de «{label}» debe ser uno de estos motores: {list}.',
    text: 'El valor de «{label}» admite como mucho {max} caracteres.',
    boolean: 'El valor de «{label}» debe ser true o false.',
    number: 'El valor de «{label}» debe ser un número entero entre {min} y {max}.',
    digit: 'El valor de «{label}» debe ser un dígito de 0 a 7.',
    unknownType: 'El ajuste «{label}» tiene un tipo desconocido y no se puede cambiar.',
    publicEntry:
      '«{entry}» no vale en «{label}»: escriba nombres de recursos del proyecto (groups, platforms…) o report:<ID>, separados por comas.',
  },
  en: {
    dateOrder: 'The value of “{label}” must be a date order: ymd, dmy or ydm.',
    dbEngine: 'The value of “{label}” must be one of these engines: {list}.',
    text: 'The value of “{label}” takes at most {max} characters.',
    boolean: 'The value of “{label}” must be true or false.',
    number: 'The value of “{label}” must be a whole number between {min} and {max}.',
    digit: 'The value of “{label}” must be a digit from 0 to 7.',
    unknownType: 'The setting “{label}” has an unknown type and cannot be changed.',
    publicEntry:
      '“{entry}” is not valid in “{label}”: write names of the project’s resources (groups, platforms…) or report:<ID>, separated by commas.',
  },
};

/** The label of a setting in a language; a key the catalogue does not know, as it is. */
export function settingLabel(key: string, language: 'es' | 'en'): string {
  return settingSpec(key)?.label[language] ?? key;
}

/** The sentence for a value problem, naming the setting by its label. */
export function valueProblemText(
  problem: ValueProblem,
  key: string,
  language: 'es' | 'en',
  entry = '',
): string {
  const vars: Record<string, string> = {
    entry,
    label: settingLabel(key, language),
    list: DB_ENGINES.join(', '),
    min: String(problem === 'number' ? (settingSpec(key)?.min ?? 0) : 0),
    max: String(problem === 'text' ? TEXT_MAX : NUMBER_MAX),
  };
  return VALUE_TEXTS[language][problem].replace(/\{(\w+)\}/g, (_, name: string) => vars[name]);
}

/** A setting's value checked as 000 §5 says: the text of its problem, or null. */
export function checkSettingValue(
  key: string,
  type: number,
  value: string,
  language: 'es' | 'en',
): string | null {
  const problem = valueProblem(type, value, settingSpec(key)?.min ?? 0);
  if (problem) return valueProblemText(problem, key, language);
  const entry = key === PUBLIC_SETTING ? badPublicEntry(value) : null;
  return entry === null
    ? null
    : valueProblemText('publicEntry', key, language, entry.slice(0, 100));
}
