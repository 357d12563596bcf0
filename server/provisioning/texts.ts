import { areaTexts } from '../services/area-texts';

/**
 * Refusals of device provisioning (server/provisioning/), in the console's two languages, and
 * the device side's (docs/device-protocol.md "Provisioning").
 */
export const { refusal: provisionRefusal, text: provisionText } = areaTexts({
  es: {
    noDevices: 'No ha seleccionado ningún dispositivo.',
    devicesNotFound: 'No existen en el proyecto {project} los dispositivos {mids}.',
    taskNotFound: 'El dispositivo {mid} no tiene la tarea de provisión {task}.',
    noTask: 'Indique la tarea cuyo registro quiere ver.',
    noValidRecipient: 'Ninguno de los dispositivos tiene una dirección de correo válida.',
    mailFailed: 'Problemas al enviar el correo.',
    installSubject: 'Instale la aplicación de {product}',
    installText:
      'Hola {owner}:\n\nPara instalar la aplicación del proyecto {project} en su dispositivo, abra este enlace desde él (vale {days} días y sirve para un dispositivo):\n\n{url}\n\nServidor: {server}',
    // Device side
    noSuchTask: 'El dispositivo no tiene la tarea de provisión {id} pendiente.',
    notADatabase: 'La tarea {id} no es una provisión de base de datos ({kind}).',
    buildFailed: 'No se pudo generar la base de datos de la tarea {id}: {detail}',
    fileMissing:
      'La base de datos de la tarea {id} no está en el almacén de ficheros del servidor.',
    failedWithoutText: 'La provisión falló en el dispositivo, que no dijo por qué.',
  },
  en: {
    noDevices: 'No device is selected.',
    devicesNotFound: 'Project {project} has no devices {mids}.',
    taskNotFound: 'Device {mid} has no provision task {task}.',
    noTask: 'Say which task’s log to show.',
    noValidRecipient: 'None of the devices has a valid e-mail address.',
    mailFailed: 'The e-mail could not be sent.',
    installSubject: 'Install the {product} app',
    installText:
      'Hello {owner},\n\nTo install project {project}’s app on your device, open this link on it (valid for {days} days, for one device):\n\n{url}\n\nServer: {server}',
    noSuchTask: 'The device has no pending provision task {id}.',
    notADatabase: 'Task {id} is not a database provision ({kind}).',
    buildFailed: 'The database of task {id} could not be built: {detail}',
    fileMissing: "The database of task {id} is not in the server's file store.",
    failedWithoutText: 'The provision failed on the device, which did not say why.',
  },
});

/**
 * The log lines a task's history keeps: stored as their code and values (provision_log LINE and
 * VARS), read in the reader's language; LOGMESSAGE keeps the Spanish text besides. What a device
 * says (`{error}`) stays as it said it.
 */
const LOG_LINES_ES = {
  ordered: 'Tarea creada por {login}.',
  cancelled: 'Tarea cancelada por {login}: se pidió borrar la base de datos segura.',
  building: 'Generando la base de datos ({tables} tablas).',
  built: 'Base de datos generada: {rows} filas de {tables} tablas, hasta la operación {cut}.',
  downloaded: 'El dispositivo descargó la base de datos ({bytes} bytes).',
  told: 'El dispositivo recibió la tarea.',
  done: 'El dispositivo confirmó la tarea.',
  doneDatabase:
    'El dispositivo cargó la base de datos; {removed} operaciones pendientes ya incluidas se quitaron de su cola y {added} posteriores se le enviarán.',
  failed: 'La tarea falló en el dispositivo: {error}',
  buildFailed: 'No se pudo generar la base de datos: {error}',
} as const;

export const { text: logLineText } = areaTexts({
  es: LOG_LINES_ES,
  en: {
    ordered: 'Task created by {login}.',
    cancelled: 'Task cancelled by {login}: deleting the secure database was ordered.',
    building: 'Building the database ({tables} tables).',
    built: 'Database built: {rows} rows of {tables} tables, up to operation {cut}.',
    downloaded: 'The device downloaded the database ({bytes} bytes).',
    told: 'The device received the task.',
    done: 'The device confirmed the task.',
    doneDatabase:
      'The device loaded the database; {removed} pending operations it already had were taken off its queue, and {added} later ones will be sent to it.',
    failed: 'The task failed on the device: {error}',
    buildFailed: 'The database could not be built: {error}',
  },
});

export type LogLine = keyof typeof LOG_LINES_ES;

/** Whether a stored LINE is one of today's codes (a newer node may have written another). */
export const isLogLine = (line: string | null): line is LogLine =>
  line !== null && Object.hasOwn(LOG_LINES_ES, line);
