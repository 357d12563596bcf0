/** Every text of the sign-in, code, sign-out and error pages, and of the code mail. */
export const TEXTS = {
  es: {
    title: 'Iniciar sesión',
    heading: 'Inicie sesión en Flota',
    login: 'Usuario',
    password: 'Contraseña',
    submit: 'Entrar',
    cancel: 'Cancelar',
    otherLanguage: 'English',
    // Also the answer to a locked account: the lock is explained by mail to its owner only.
    wrongCredentials:
      'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.',
    tooManyAttempts:
      'Demasiados intentos de inicio de sesión. Espere unos minutos e inténtelo de nuevo.',
    inactive: 'Su usuario está desactivado. Consulte con el administrador de su empresa.',
    otherCompany:
      'Esta aplicación es de otra empresa: solo admite a los usuarios de esa empresa. Consulte con el administrador de la aplicación.',
    missingFields: 'Escriba su usuario y su contraseña.',
    codeHeading: 'Código de acceso',
    codeIntro: 'Le hemos enviado por correo un código de 6 cifras. Escríbalo para continuar.',
    code: 'Código',
    codeSubmit: 'Verificar',
    wrongCode: 'El código no es correcto o ha caducado.',
    tooManyCodes: 'Demasiados códigos incorrectos. Vuelva a iniciar sesión.',
    mailFailed: 'No se pudo enviar el código por correo. Inténtelo de nuevo más tarde.',
    mailSubject: 'Código de acceso a Flota',
    mailBody: (code: string) =>
      `Su código de acceso a Flota es ${code}.\n\nCaduca en 10 minutos. Si no ha intentado iniciar sesión, ignore este mensaje.`,
    lockedMailSubject: 'Su cuenta de Flota se ha bloqueado',
    lockedMailBody: (login: string, minutes: number) =>
      `Su cuenta de Flota «${login}» se ha bloqueado durante ${minutes} minutos tras varias contraseñas o códigos de acceso incorrectos. Mientras dure el bloqueo, la página de inicio de sesión responderá «Usuario o contraseña incorrectos» incluso con la contraseña correcta.\n\nSi no ha sido usted, alguien está intentando entrar con su usuario: avise al administrador de su empresa.`,
    signingOut: 'Cerrando sesión…',
    signOut: 'Cerrar sesión',
    signedOut: 'Ha cerrado la sesión.',
    errorHeading: 'No se pudo completar la operación',
    errorRetry: 'Volver a Flota',
    expired: 'La página de inicio de sesión ha caducado. Vuelva a Flota e inténtelo de nuevo.',
    internal: 'Se ha producido un error interno. Inténtelo de nuevo más tarde.',
  },
  en: {
    title: 'Sign in',
    heading: 'Sign in to Flota',
    login: 'User name',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    otherLanguage: 'Español',
    wrongCredentials:
      'Wrong user name or password. After several failed attempts the account is locked for a few minutes.',
    tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    inactive: 'Your user is deactivated. Please ask your company administrator.',
    otherCompany:
      "This application belongs to another company and accepts only that company's users. Please ask the application's administrator.",
    missingFields: 'Enter your user name and password.',
    codeHeading: 'Sign-in code',
    codeIntro: 'We have emailed you a 6-digit code. Enter it to continue.',
    code: 'Code',
    codeSubmit: 'Verify',
    wrongCode: 'The code is wrong or has expired.',
    tooManyCodes: 'Too many wrong codes. Please sign in again.',
    mailFailed: 'The code could not be emailed. Please try again later.',
    mailSubject: 'Flota sign-in code',
    mailBody: (code: string) =>
      `Your Flota sign-in code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, ignore this message.`,
    lockedMailSubject: 'Your Flota account has been locked',
    lockedMailBody: (login: string, minutes: number) =>
      `Your Flota account "${login}" has been locked for ${minutes} minutes after several wrong passwords or sign-in codes. While it is locked, the sign-in page answers "Wrong user name or password" even to the right password.\n\nIf it was not you, someone is trying to sign in as you: please tell your company administrator.`,
    signingOut: 'Signing out…',
    signOut: 'Sign out',
    signedOut: 'You have signed out.',
    errorHeading: 'The operation could not be completed',
    errorRetry: 'Back to Flota',
    expired: 'The sign-in page has expired. Go back to Flota and try again.',
    internal: 'An internal error occurred. Please try again later.',
  },
};

export type Lang = keyof typeof TEXTS;
export type Texts = (typeof TEXTS)[Lang];

export function isLang(value: unknown): value is Lang {
  return value === 'es' || value === 'en';
}

/** 'en' for any English tag in a space-separated list's first entry ('en', 'en-GB'); 'es' otherwise. */
export function langFromLocales(locales: unknown): Lang | undefined {
  if (typeof locales !== 'string' || !locales.trim()) return undefined;
  return locales.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}
