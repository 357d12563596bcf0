import { areaTexts } from '../area-texts';

/**
 * The refusals of remote assistance (help-desk files, the device dialog's tabs, mail to devices
 * and users), in the console's two languages. mailFailed is 001 §8's text, kept as written.
 */
export const { refusal: remoteRefusal } = areaTexts({
  es: {
    deviceAddressRequired: 'Indique el dispositivo: su MID, o su PIN y PIN2.',
    listDeviceRequired: 'Indique el dispositivo de la lista: su MID, en mid o en filter.mid.',
    badPath: 'La ruta "{path}" no es un fichero de ayuda del dispositivo.',
    fileNotFound: 'El fichero {path} no existe.',
    databaseViewUnavailable: 'La visualización de bases de datos todavía no está disponible.',
    fileIsImage: 'El fichero {path} es una imagen: ábralo con "ver imagen".',
    notText: 'El fichero {path} no es un fichero de texto.',
    notScreenshot: 'El fichero {path} no es una captura de pantalla (PNG o JPEG).',
    imageTooLarge: 'La imagen {path} es demasiado grande para verla; descárguela.',
    noValidRecipient: 'Ningún destinatario tiene una dirección de correo válida.',
    tooManyRecipients: 'Demasiados destinatarios: el máximo es {max} por envío.',
    unknownDevices:
      'No existen en el proyecto «{project}» los dispositivos con MID {mids}; no se ha enviado nada.',
    mailFailed: 'Problemas al enviar el correo.',
  },
  en: {
    deviceAddressRequired: 'Name the device: its MID, or its PIN and PIN2.',
    listDeviceRequired: 'Name the device of the list: its MID, in mid or in filter.mid.',
    badPath: 'The path "{path}" is not a help-desk file of the device.',
    fileNotFound: 'The file {path} does not exist.',
    databaseViewUnavailable: 'Viewing databases is not available yet.',
    fileIsImage: 'The file {path} is an image: open it with "View image".',
    notText: 'The file {path} is not a text file.',
    notScreenshot: 'The file {path} is not a screenshot (PNG or JPEG).',
    imageTooLarge: 'The image {path} is too large to view; download it.',
    noValidRecipient: 'No recipient has a valid e-mail address.',
    tooManyRecipients: 'Too many recipients: at most {max} per sending.',
    unknownDevices: 'Project “{project}” has no devices with MID {mids}; nothing has been sent.',
    mailFailed: 'There were problems sending the e-mail.',
  },
});
