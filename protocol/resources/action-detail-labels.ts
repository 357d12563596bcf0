import { PROVISION_KEYS } from '../provisioning';
import { UPDATE_TYPE_NAMES } from '../updates';

type Row = [string, string, string];
const labelled = (rows: Row[]) => rows.map(([code, es, en]) => [code, { es, en }] as const);

/**
 * Detail keys of the actions log added for issue 33 (the rest are in actions.ts): a report's
 * `title`, a provisioning's `key`, an update row operation's `by`, a sign-in's `known` browser.
 */
export const MORE_DETAIL_LABELS = labelled([
  ['title', 'Título', 'Title'],
  ['key', 'Aprovisionamiento', 'Provisioning'],
  ['by', 'Por', 'By'],
  // A failed sign-in from a browser where the account signed in before (docs/security.md).
  ['known', 'Desde un navegador conocido', 'From a known browser'],
  // A message to the company's administrators (sendMessage, issue 38).
  ['recipients', 'Destinatarios', 'Recipients'],
  // An APK uploaded to the simple kiosk (docs/kiosk.md).
  ['package', 'Paquete', 'Package'],
  ['sha256', 'SHA-256', 'SHA-256'],
  // A framework generated for a project (docs/frameworks.md).
  ['appname', 'Nombre de la aplicación', 'App name'],
]);

/** The provisioning keys as the actions log names them (000 §7 spells one `provConfigaration`). */
const PROVISION_LABELS: Record<(typeof PROVISION_KEYS)[number], [string, string]> = {
  provInstall: ['Instalación', 'Installation'],
  provConfigaration: ['Configuración', 'Configuration'],
  provDatabase: ['Base de datos', 'Database'],
  provDatabaseSafe: ['Base de datos segura', 'Secure database'],
  provSendMailInstall: ['Correo de instalación', 'Install mail'],
  provDeleteDatabaseSafe: ['Borrado de la base de datos segura', 'Secure database deleted'],
};

/** The update types of 000 §3 as update_published's `type` writes them. */
const UPDATE_TYPE_LABELS: Record<(typeof UPDATE_TYPE_NAMES)[number], [string, string]> = {
  GENERAL: ['General', 'General'],
  PLATAFORMA: ['Por plataforma', 'By platform'],
  LICENCIA: ['Por licencia', 'By licence'],
  GRUPOS: ['Por grupos', 'By groups'],
};

/**
 * Coded values of a detail added for issue 33: the update row operations, provisioning keys
 * (the log writes `provConfiguration`; rows written before keep the specification's
 * misspelling, labelled the same), update types, push types (`type=0`: a number coded by its
 * key) and a push to every device.
 */
export const MORE_VALUE_LABELS = [
  ...labelled([
    ['markToDownloaded', 'Marcada como descargada', 'Marked as downloaded'],
    ['cleanUpdatesForMID', 'Confirmadas borradas', 'Confirmed ones cleared'],
    ['resetUpdatesForMID', 'Todas a pendientes', 'All back to pending'],
    ['provConfiguration', ...PROVISION_LABELS.provConfigaration],
    ['all', 'todos', 'all'],
    ['type=0', 'En vivo', 'Live'],
    ['type=1', 'Registro 1', 'Log 1'],
    ['type=2', 'Registro 2', 'Log 2'],
    ['type=3', 'Registro 3', 'Log 3'],
    // The engine's records of the custom-entity editor (server/engine/custom/).
    ['custom-entities', 'Entidades personalizadas', 'Custom entities'],
    ['custom-fields', 'Campos personalizados', 'Custom fields'],
  ]),
  ...labelled(Object.entries(PROVISION_LABELS).map(([code, [es, en]]) => [code, es, en])),
  ...labelled(Object.entries(UPDATE_TYPE_LABELS).map(([code, [es, en]]) => [code, es, en])),
];

/** The name the actions log writes for a provisioning key: the spec's misspelling corrected. */
export const loggedProvisionKey = (key: string) =>
  key === 'provConfigaration' ? 'provConfiguration' : key;
