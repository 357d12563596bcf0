/**
 * Texts for a caller who may look but not change (a show-only share, issue 33): what they can
 * do, never an invitation to what they cannot. Merged in src/i18n/later.ts.
 */
export const showOnlyMessages = {
  es: {
    show_only: {
      view: 'Ver',
      reports_closed: 'Elija un informe de la lista para verlo y ejecutarlo.',
    },
  },
  en: {
    show_only: {
      view: 'View',
      reports_closed: 'Choose a report from the list to view and run it.',
    },
  },
};
