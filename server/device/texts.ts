import { languageOf, type Language } from '../messages';

/** Texts of the device API's refusals, in the server's two languages. */
const texts = {
  es: {
    badBody: 'Cuerpo no válido: {detail}',
    badMediaType: 'El cuerpo debe ser JSON (Content-Type: application/json).',
    badToken: 'El token de enrolamiento no es válido, ya se usó o ha caducado.',
    alreadyEnrolled:
      'El dispositivo {mid} ya está enrolado. Para enrolarlo de nuevo, envíe también su credencial actual (cabecera Authorization: Device <mid>:<credencial>), o pida a un administrador que lo borre en la consola.',
    projectGone: 'El proyecto del token ya no existe.',
    noCredential:
      'Falta la credencial del dispositivo (cabecera Authorization: Device <mid>:<credencial>).',
    badCredential: 'La credencial del dispositivo no es válida o ha sido revocada.',
    deviceGone: 'El dispositivo ya no está dado de alta en su proyecto; enrólelo de nuevo.',
    badMessage: 'Mensaje no válido: {detail}',
    helloTimeout: 'No se recibió la credencial a tiempo.',
    companyInactive:
      'La empresa del dispositivo está desactivada: el servidor no lo atiende hasta que se active de nuevo.',
    mdmNotManaged: 'El dispositivo {mid} no está inscrito en la gestión MDM.',
    kioskBadLink:
      'El enlace de enrolamiento del kiosco no es válido o ha caducado: escanee de nuevo el código QR del perfil.',
    kioskProfileGone: 'El perfil del kiosco ya no existe o está desactivado.',
    mdmPending:
      'El dispositivo {mid} espera la aprobación de un administrador: no recibe política ni órdenes hasta entonces.',
    mdmRefused: 'Un administrador rechazó el dispositivo {mid}: no se gestiona.',
    mdmEnrolmentClosed:
      'La empresa no admite inscripciones de equipos Windows ahora: un administrador las permite en «Inscripción Windows».',
  },
  en: {
    badBody: 'Invalid body: {detail}',
    badMediaType: 'The body must be JSON (Content-Type: application/json).',
    badToken: 'The enrolment token is not valid, was already used or has expired.',
    alreadyEnrolled:
      'Device {mid} is already enrolled. To enrol it again, also send its current credential (Authorization: Device <mid>:<credential> header), or ask an administrator to delete it in the console.',
    projectGone: "The token's project no longer exists.",
    noCredential:
      'The device credential is missing (Authorization: Device <mid>:<credential> header).',
    badCredential: 'The device credential is not valid or has been revoked.',
    deviceGone: 'The device is no longer registered in its project; enrol it again.',
    badMessage: 'Invalid message: {detail}',
    helloTimeout: 'No credential arrived in time.',
    companyInactive:
      "The device's company is disabled: the server does not serve it until the company is enabled again.",
    mdmNotManaged: 'Device {mid} is not enrolled in MDM management.',
    kioskBadLink:
      'The kiosk enrolment link is not valid or has expired: scan the profile QR code again.',
    kioskProfileGone: 'The kiosk profile no longer exists or is disabled.',
    mdmPending:
      "Device {mid} is waiting for an administrator's approval: it gets no policy nor commands until then.",
    mdmRefused: 'An administrator refused device {mid}: it is not managed.',
    mdmEnrolmentClosed:
      'The company does not take Windows enrolments now: an administrator allows them in "Windows enrolment".',
  },
} as const;

export type DeviceTextKey = keyof (typeof texts)['es'];

export function deviceText(
  acceptLanguage: string | undefined | Language,
  key: DeviceTextKey,
  vars: Record<string, string | number> = {},
): string {
  const language =
    acceptLanguage === 'en' || acceptLanguage === 'es'
      ? acceptLanguage
      : languageOf(acceptLanguage);
  return texts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
