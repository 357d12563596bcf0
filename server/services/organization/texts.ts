import { areaTexts } from '../area-texts';

/** The refusals of /app/organization and /app/security, in the console's two languages. */
export const { refusal: organizationRefusal, text: organizationText } = areaTexts({
  es: {
    noCompany: 'Su usuario no pertenece a ninguna empresa.',
    certificateNotFound: 'El certificado no existe o no es de su empresa.',
    certificateTaken: 'Ya hay un certificado llamado «{name}».',
    companyNotShared: 'Solo puede compartir con empresas con las que comparte proyectos.',
    noFile: 'Falta el fichero del certificado.',
    notKeystore: 'El fichero no es un almacén de claves Android (.jks o .keystore).',
    notP12: 'El fichero no es un certificado Apple .p12.',
    badFileName: 'Un certificado {type} debe ser un fichero {extensions}.',
    tooLarge: 'El fichero pasa de {kb} KB.',
    wrongPassword: 'La contraseña del almacén no es correcta.',
    aliasMissing: 'El almacén no contiene el alias «{alias}».',
    aliasRequired: 'Indique el alias de la clave del almacén.',
    teamRequired: 'Indique el Team ID de Apple.',
    passwordRequired: 'Indique la contraseña del certificado.',
    notMultipart: 'Envíe el certificado como formulario multipart con un solo fichero.',
    clientNotYours: 'Solo un administrador puede borrar clientes creados por otro usuario.',
    rightsAbove: 'No puede dar a un cliente más derechos que los suyos.',
    redirectRequired: 'Un cliente de acceso necesita al menos una dirección de retorno.',
    badRedirect:
      'La dirección de retorno «{uri}» no es válida: use https, o http solo para localhost.',
    apiClientCaller: 'Un cliente de API no puede gestionar clientes de identidad.',
    embeddedOnly:
      'Los clientes se registran en el proveedor de identidad propio, que este servidor no usa.',
  },
  en: {
    noCompany: 'Your user belongs to no company.',
    certificateNotFound: 'The certificate does not exist or is not your company’s.',
    certificateTaken: 'There is already a certificate named “{name}”.',
    companyNotShared: 'You can share only with companies you share projects with.',
    noFile: 'The certificate file is missing.',
    notKeystore: 'The file is not an Android keystore (.jks or .keystore).',
    notP12: 'The file is not an Apple .p12 certificate.',
    badFileName: 'A {type} certificate must be a {extensions} file.',
    tooLarge: 'The file is larger than {kb} KB.',
    wrongPassword: 'The keystore password is not correct.',
    aliasMissing: 'The keystore has no alias “{alias}”.',
    aliasRequired: 'Give the alias of the keystore’s key.',
    teamRequired: 'Give the Apple Team ID.',
    passwordRequired: 'Give the certificate’s password.',
    notMultipart: 'Send the certificate as a multipart form with one file.',
    clientNotYours: 'Only an administrator can delete clients another user created.',
    rightsAbove: 'You cannot give a client more rights than your own.',
    redirectRequired: 'A login client needs at least one redirect URI.',
    badRedirect: 'The redirect URI “{uri}” is not valid: use https, or http for localhost only.',
    apiClientCaller: 'An API client cannot manage identity clients.',
    embeddedOnly:
      'Clients are registered in the embedded identity provider, which this server does not use.',
  },
});
