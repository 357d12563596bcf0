import { languageOf, type Language } from '../messages';

/**
 * Texts of replication: the sync call's refusals (in the caller's language, by Accept-Language)
 * and the descriptions of operations the server could not apply, stored in the device's error
 * log (in the server's default language, Spanish: the log is read later, by whoever opens it).
 */
const texts = {
  es: {
    badTable:
      'Operación {id}: «{table}» no es una tabla replicada del proyecto (sus tablas gen_: {tables}).',
    noKey: 'Operación {id}: la tabla «{table}» no tiene clave primaria y no se puede replicar.',
    badKey: 'Operación {id}: la clave de «{table}» son las columnas {key}, ni más ni menos.',
    badColumn: 'Operación {id}: la tabla «{table}» no tiene la columna «{column}».',
    keyInValues:
      'Operación {id}: la columna «{column}» es de la clave de «{table}» y no se cambia; borre la fila e insértela con la clave nueva.',
    noValues: 'Operación {id}: una modificación lleva al menos un valor.',
    valuesOnDelete: 'Operación {id}: un borrado no lleva valores.',
    unordered: 'Operación {id}: los números de las operaciones deben crecer dentro de una llamada.',
    ackAhead:
      'El acuse {ack} es posterior a la última operación entregada al dispositivo ({last}).',
    // Device error log (DESCRIPTION of device_errors).
    duplicate: 'Clave duplicada: la fila {key} ya existe en {table}.',
    missing: 'La fila {key} no existe en {table} (la borró otro dispositivo o nunca llegó).',
    failed: 'PostgreSQL (SQLSTATE {code}): {message}',
  },
  en: {
    badTable:
      'Operation {id}: "{table}" is not a replicated table of the project (its gen_ tables: {tables}).',
    noKey: 'Operation {id}: table "{table}" has no primary key and cannot be replicated.',
    badKey: 'Operation {id}: the key of "{table}" is the columns {key}, no more, no fewer.',
    badColumn: 'Operation {id}: table "{table}" has no column "{column}".',
    keyInValues:
      'Operation {id}: column "{column}" belongs to the key of "{table}" and does not change; delete the row and insert it with the new key.',
    noValues: 'Operation {id}: an update carries at least one value.',
    valuesOnDelete: 'Operation {id}: a delete carries no values.',
    unordered: 'Operation {id}: operation numbers must increase within one call.',
    ackAhead: 'Acknowledgement {ack} is beyond the last operation handed to the device ({last}).',
    duplicate: 'Duplicate key: row {key} already exists in {table}.',
    missing:
      'Row {key} does not exist in {table} (another device deleted it, or it never arrived).',
    failed: 'PostgreSQL (SQLSTATE {code}): {message}',
  },
} as const;

export type ReplicationTextKey = keyof (typeof texts)['es'];

/** The language of the device error log's descriptions. */
export const ERROR_LOG_LANGUAGE: Language = 'es';

export function replicationText(
  language: string | undefined | Language,
  key: ReplicationTextKey,
  vars: Record<string, string | number> = {},
): string {
  const lang = language === 'en' || language === 'es' ? language : languageOf(language);
  return texts[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
