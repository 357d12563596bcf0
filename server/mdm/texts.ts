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
  },
});

/** Whom a refusal is for: the caller's screen's language (Accept-Language), else the user's. */
export const readerOf = (ctx: { language?: string; user: Reader }): Reader => ({
  language: ctx.language ?? ctx.user.language,
});
