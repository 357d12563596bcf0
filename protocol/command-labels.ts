import type { CommandName, CommandSource, CommandState } from './commands';
import type { FieldChoice, FieldLabel } from './resource-schema';

/**
 * The names of the commands (001 §9) and of the states of the command history, in both
 * languages, as the console's command menu and result chips say them: the declared lists show
 * these codes by these labels.
 */
export const COMMAND_LABELS: Record<CommandName, FieldLabel> = {
  lock: { es: 'Bloquear', en: 'Lock' },
  wipe: { es: 'Borrar dispositivo', en: 'Wipe device' },
  password: { es: 'Contraseña', en: 'Password' },
  policy: { es: 'Enviar política', en: 'Send policy' },
  mobiledata: { es: 'Datos móviles', en: 'Mobile data' },
  wifi: { es: 'Wifi', en: 'Wi-Fi' },
  camera: { es: 'Cámara', en: 'Camera' },
  playstore: { es: 'Play Store', en: 'Play Store' },
  settings: { es: 'Ajustes del sistema', en: 'System settings' },
  alarm: { es: 'Alarma', en: 'Alarm' },
  install: { es: 'Instalar aplicación', en: 'Install app' },
  uninstall: { es: 'Desinstalar aplicación', en: 'Uninstall app' },
  replicator: { es: 'Iniciar replicador', en: 'Start replicator' },
  logs: { es: 'Pedir registros', en: 'Request logs' },
  database: { es: 'Pedir base de datos', en: 'Request database' },
  ping: { es: 'Ping', en: 'Ping' },
  toast: { es: 'Mensaje breve', en: 'Toast message' },
  notification: { es: 'Notificación', en: 'Notification' },
  statusbar: { es: 'Barra de estado', en: 'Status bar' },
  reboot: { es: 'Reiniciar', en: 'Reboot' },
  gps: { es: 'Pedir posición', en: 'Request position' },
  info: { es: 'Pedir inventario', en: 'Request inventory' },
  setKioskConfigurationPassword: { es: 'Contraseña del kiosco', en: 'Kiosk password' },
  setPassword: { es: 'Contraseña de bloqueo', en: 'Lock password' },
  setPasswordPolicies: { es: 'Reglas de contraseña', en: 'Password policies' },
  setLaunchOnBoot: { es: 'Aplicación al arrancar', en: 'Launch on boot' },
  addWifiNetwork: { es: 'Añadir wifi', en: 'Add wifi' },
  getApplicationList: { es: 'Pedir aplicaciones', en: 'Request app list' },
  hide: { es: 'Ocultar aplicación', en: 'Hide app' },
  show: { es: 'Mostrar aplicación', en: 'Show app' },
  'invert-policy': { es: 'Quitar perfil', en: 'Remove profile' },
  'change-policy': { es: 'Cambiar perfil', en: 'Change profile' },
  clearappdata: { es: 'Borrar datos de una app', en: 'Clear app data' },
  lostmode: { es: 'Modo perdido', en: 'Lost mode' },
  relinquish: { es: 'Ceder la propiedad', en: 'Relinquish ownership' },
};

/** What the command history holds: the commands, and the pushes (`send push`) kept beside them. */
export const HISTORY_COMMAND_LABELS: Record<CommandName | 'push', FieldLabel> = {
  ...COMMAND_LABELS,
  push: { es: 'Push', en: 'Push' },
};

export const COMMAND_STATE_LABELS: Record<CommandState, FieldLabel> = {
  created: { es: 'creado', en: 'created' },
  offline: { es: 'no enviado, dispositivo desconectado', en: 'not sent, device offline' },
  sent: { es: 'enviado al dispositivo', en: 'sent to device' },
  confirmed: { es: 'recibido por el dispositivo', en: 'received by device' },
  executed: { es: 'ejecutado', en: 'executed' },
  failed: { es: 'falló', en: 'failed' },
  timeout: { es: 'sin respuesta (tiempo agotado)', en: 'no answer (timed out)' },
  pending: { es: 'en cola, a la espera del dispositivo', en: 'queued, waiting for the device' },
  expired: { es: 'caducado sin entregar', en: 'expired undelivered' },
  cancelled: { es: 'cancelado', en: 'cancelled' },
};

/** Where a command of the history came from (its SOURCE). */
export const COMMAND_SOURCE_LABELS: Record<CommandSource, FieldLabel> = {
  console: { es: 'Consola', en: 'Console' },
  bot: { es: 'Bot', en: 'Bot' },
  mdm: { es: 'MDM', en: 'MDM' },
  push: { es: 'Push', en: 'Push' },
};

/** A label table as the choices of a declared field. */
export const choicesOf = (labels: Record<string, FieldLabel>): FieldChoice[] =>
  Object.entries(labels).map(([code, label]) => ({ code, label }));
