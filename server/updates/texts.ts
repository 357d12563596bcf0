import { UPDATE_MESSAGES } from '../../protocol/updates';
import { areaTexts } from '../services/area-texts';

/**
 * The refusals of update publishing (server/updates/), in the console's two languages: the
 * specification's own validations (protocol/updates.ts, 000 §5 and §8) and ours around them.
 */
export const { refusal: updatesRefusal, text: updatesText } = areaTexts({
  es: {
    ...UPDATE_MESSAGES.es,
    noFiles: 'La actualización no tiene ficheros.',
    tooManyFiles: 'Una actualización tiene como mucho {max} ficheros.',
    noSql: 'Indique el texto SQL del fichero «{name}».',
    tooBig: 'El fichero «{name}» pasa de {mb} MB.',
    noSize: 'Indique el tamaño del fichero «{name}».',
    noPlatform: 'Elija la plataforma de la actualización (1 a 12).',
    stagedNotFound: 'La actualización {alias} no está pendiente de publicar (o pasaron 24 horas).',
    fileNotFound: 'La actualización {alias} no tiene el fichero {numero} por subir.',
    filesMissing:
      'Faltan por subir {count} ficheros ({names}); no se ha publicado la actualización.',
    sizeMismatch:
      'El fichero «{name}» tiene {size} bytes y se declararon {declared}; súbalo de nuevo.',
    licenceOnly:
      'Solo puede publicar actualizaciones de tipo LICENCIA (gestiona un grupo o el alta de actualizaciones de dispositivos).',
    groupsNotFound: 'No existen en el proyecto los grupos {ids}.',
    versionNotFound: 'La versión {version} no existe en el proyecto.',
    updateRowNotFound: 'El dispositivo {mid} no tiene la versión {version}.',
    deviceNotFound: 'El dispositivo {mid} no existe en el proyecto.',
    notMultipart: 'Envíe un formulario multipart con alias, folder, numero y el fichero.',
    noFile: 'El formulario no trae el fichero.',
    badFields: 'Campos del formulario incorrectos: {detail}.',
    downloadNotFound: 'La actualización {version} no tiene el fichero {numero}.',
  },
  en: {
    ...UPDATE_MESSAGES.en,
    noFiles: 'The update has no files.',
    tooManyFiles: 'An update has at most {max} files.',
    noSql: 'Give the SQL text of file “{name}”.',
    tooBig: 'File “{name}” is larger than {mb} MB.',
    noSize: 'Give the size of file “{name}”.',
    noPlatform: 'Choose the update’s platform (1 to 12).',
    stagedNotFound: 'Update {alias} is not waiting to be published (or 24 hours have passed).',
    fileNotFound: 'Update {alias} has no file {numero} to upload.',
    filesMissing: '{count} files are still to upload ({names}); the update was not published.',
    sizeMismatch: 'File “{name}” has {size} bytes but {declared} were declared; upload it again.',
    licenceOnly:
      'You may publish LICENCIA updates only (you manage a group or may create device updates).',
    groupsNotFound: 'The project has no groups {ids}.',
    versionNotFound: 'Version {version} does not exist in the project.',
    updateRowNotFound: 'Device {mid} does not have version {version}.',
    deviceNotFound: 'Device {mid} does not exist in the project.',
    notMultipart: 'Send a multipart form with alias, folder, numero and the file.',
    noFile: 'The form carries no file.',
    badFields: 'Wrong form fields: {detail}.',
    downloadNotFound: 'Update {version} has no file {numero}.',
  },
});
