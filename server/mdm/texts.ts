import { areaTexts, type Reader } from '../services/area-texts';

/** The MDM organizations' refusals (server/mdm/, its hook), in the reader's language. */
export const mdmTexts = areaTexts({
  es: {
    alreadyBound:
      'La empresa Android ya está vinculada ({enterprise}): para vincular otra, borre antes la organización Android.',
    noSignup:
      'No hay un alta de empresa Android pendiente: empiece el alta en «Android Enterprise».',
    badToken:
      'El token de empresa no es válido para este alta (caducado, de otra alta o alterado): nada se ha guardado. Empiece el alta de nuevo.',
    notOfPlatform: 'El campo «{field}» no es de la organización {platform}.',
    badCallback: 'El alta solo puede volver a una pantalla de esta consola.',
    notCertificate:
      'El archivo no es un certificado X.509: suba el certificado push de Apple en PEM (.pem) o DER (.cer).',
    pkcs12: 'El archivo es un PKCS#12 (.p12): exporte de él el certificado en PEM (.pem) y súbalo.',
    notApns:
      'El certificado no es un certificado push MDM de Apple: su sujeto ({subject}) no tiene un tema com.apple.mgmt.…',
    expired:
      'El certificado caducó el {date}: renuévelo en el portal de certificados push de Apple y suba el nuevo.',
    otherTopic:
      'El certificado es de otro tema ({topic}, no {stored}): los dispositivos iOS inscritos dejarían de recibir órdenes. Renueve el mismo certificado en el portal de Apple.',
    windowsPolicy:
      'La política «{policy}» es de {platform}: la organización Windows asigna una política de Windows.',
  },
  en: {
    alreadyBound:
      'The Android enterprise is already bound ({enterprise}): to bind another, delete the Android organization first.',
    noSignup:
      'There is no pending Android enterprise signup: start the signup in "Android Enterprise".',
    badToken:
      'The enterprise token is not valid for this signup (expired, from another signup or altered): nothing was saved. Start the signup again.',
    notOfPlatform: 'Field "{field}" is not one of the {platform} organization.',
    badCallback: 'The signup can only return to a screen of this console.',
    notCertificate:
      'The file is not an X.509 certificate: upload the Apple push certificate as PEM (.pem) or DER (.cer).',
    pkcs12: 'The file is a PKCS#12 (.p12): export its certificate as PEM (.pem) and upload that.',
    notApns:
      'The certificate is not an Apple MDM push certificate: its subject ({subject}) has no com.apple.mgmt.… topic.',
    expired:
      "The certificate expired on {date}: renew it in Apple's push certificates portal and upload the new one.",
    otherTopic:
      "The certificate has another topic ({topic}, not {stored}): the enrolled iOS devices would no longer get commands. Renew the same certificate in Apple's portal.",
    windowsPolicy:
      'Policy "{policy}" is for {platform}: the Windows organization assigns a Windows policy.',
  },
});

/** Whom a refusal is for: the caller's screen's language (Accept-Language), else the user's. */
export const readerOf = (ctx: { language?: string; user: Reader }): Reader => ({
  language: ctx.language ?? ctx.user.language,
});
