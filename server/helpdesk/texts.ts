import { languageOf } from '../messages';

/** Texts of the help-desk endpoints (device upload, console download), in both languages. */
const texts = {
  es: {
    notMultipart:
      'Envíe el fichero como multipart/form-data, con el campo kind y un único fichero.',
    badKind:
      'Tipo de fichero no válido: "{kind}". Use devicelogs, errorlogs, database, replica, kiosklogs o screenshots.',
    noFile: 'Falta el fichero.',
    oneFile: 'Envíe un solo fichero por petición.',
    tooLarge: 'El fichero supera el máximo de {mb} MB.',
    notImage: 'Una captura de pantalla debe ser una imagen PNG o JPEG.',
    badBody: 'Cuerpo no válido: {detail}',
    badBoundary:
      'El cuerpo multipart/form-data no tiene un boundary válido (RFC 2046: de 1 a 70 caracteres permitidos).',
    incomplete:
      'El fichero llegó incompleto: el cuerpo terminó antes del final de su parte. Envíelo de nuevo.',
    stopping: 'El servidor se está deteniendo: envíe el fichero de nuevo dentro de un momento.',
    badPath: 'La ruta "{path}" no es un fichero de ayuda del dispositivo.',
    notFound: 'El fichero {path} no existe.',
    forbidden: 'No tiene permiso para descargar ficheros de ayuda de este proyecto.',
  },
  en: {
    notMultipart: 'Send the file as multipart/form-data, with the field kind and a single file.',
    badKind:
      'Invalid file kind: "{kind}". Use devicelogs, errorlogs, database, replica, kiosklogs or screenshots.',
    noFile: 'The file is missing.',
    oneFile: 'Send one file per request.',
    tooLarge: 'The file is larger than the maximum of {mb} MB.',
    notImage: 'A screenshot must be a PNG or JPEG image.',
    badBody: 'Invalid body: {detail}',
    badBoundary:
      'The multipart/form-data body has no valid boundary (RFC 2046: 1 to 70 allowed characters).',
    incomplete:
      'The file arrived incomplete: the body ended before the end of its part. Send it again.',
    stopping: 'The server is stopping: send the file again in a moment.',
    badPath: 'The path "{path}" is not a help-desk file of the device.',
    notFound: 'The file {path} does not exist.',
    forbidden: "You are not allowed to download this project's help-desk files.",
  },
} as const;

export type HelpdeskTextKey = keyof (typeof texts)['es'];

export function helpdeskText(
  acceptLanguage: string | undefined,
  key: HelpdeskTextKey,
  vars: Record<string, string | number> = {},
): string {
  return texts[languageOf(acceptLanguage)][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(vars[name] ?? ''),
  );
}
