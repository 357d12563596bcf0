/** Messages of the tables screen (/app/sqltables): its tabs, data grid and record editor. */
export const tablesMessages = {
  es: { tables: {} },
  en: { tables: {} },
};
