/** Messages of the free SQL tab of the tables screen. */
export const sqlConsoleMessages = {
  es: { sql_console: {} },
  en: { sql_console: {} },
};
