/** Messages of the data selection rules (tables screen tabs 2, 4 and 5). */
export const selectionMessages = {
  es: { selection: {} },
  en: { selection: {} },
};
