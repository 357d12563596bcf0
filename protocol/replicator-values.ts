import type { DATE_ORDERS } from './replicator';
import type { FieldLabel } from './resource-schema';

const DATE_ORDER_LABELS: Record<(typeof DATE_ORDERS)[number], FieldLabel> = {
  ymd: { es: 'Año, mes, día', en: 'Year, month, day' },
  dmy: { es: 'Día, mes, año', en: 'Day, month, year' },
  ydm: { es: 'Año, día, mes', en: 'Year, day, month' },
};

/** The engines of DB_ENGINES by their names. */
const ENGINE_LABELS: Record<string, FieldLabel> = {
  sqlite: { es: 'SQLite', en: 'SQLite' },
  sqlcipher: { es: 'SQLCipher (SQLite cifrado)', en: 'SQLCipher (encrypted SQLite)' },
  postgresql: { es: 'PostgreSQL', en: 'PostgreSQL' },
  sqlserver: { es: 'SQL Server', en: 'SQL Server' },
  mysql: { es: 'MySQL', en: 'MySQL' },
  oracle: { es: 'Oracle', en: 'Oracle' },
};

/**
 * A replicator setting's stored value (KEYVALUE, 000 §3) as the list shows it: a yes-or-no
 * setting's `true`/`false` as words, a date order and an engine by their names. Numbers and free
 * texts are shown as they are. The dialog (ValueInput) offers the same names.
 */
export const SETTING_VALUE_LABELS: Record<string, FieldLabel> = {
  true: { es: 'Sí', en: 'Yes' },
  false: { es: 'No', en: 'No' },
  ...DATE_ORDER_LABELS,
  ...ENGINE_LABELS,
};
