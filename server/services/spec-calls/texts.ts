import type { Reader } from '../area-texts';
import type { OperationContext } from '../registry';
import { areaTexts } from '../area-texts';

/** The refusals of the calls served in the specification's shape, in both languages. */
export const { refusal: specRefusal, text: specText } = areaTexts({
  es: {
    noCompany: 'Su usuario no pertenece a ninguna empresa.',
    otherCompany: 'Solo puede consultar los datos de su propia empresa.',
    projectNotFound: 'El proyecto «{pid}» no existe o no tiene acceso a él.',
    databaseNotFound: 'El proyecto {dbid} no existe o no tiene acceso a él.',
    projectMismatch: 'El proyecto {dbid} no tiene el identificador «{pid}».',
    clientTaken: 'Ya existe un cliente con el identificador «{clientid}».',
    badClientId:
      'El identificador del cliente admite de 3 a 100 letras, cifras, puntos, guiones y subrayados.',
    shortPassword: 'La contraseña del cliente debe tener al menos {min} caracteres.',
    passwordForLogin: 'Un cliente de acceso no lleva contraseña: use un cliente de API.',
    emptyMessage: 'Escriba el mensaje.',
    unknownConfig: 'No hay configuración de tipo «{type}». Tipos: {types}.',
    environmentNotFound: 'El entorno {id} no existe o no pertenece a su empresa.',
    noSystemEnvironment: 'Su empresa no tiene entorno de sistema: indique el entorno (idenv).',
    accessWithoutProject: 'Cada entrada de lstDB debe indicar el proyecto (database).',
    userRequired: 'Indique el usuario (userid).',
    enterpriseNotFound: 'Ningún usuario de una empresa tiene el correo «{email}».',
  },
  en: {
    noCompany: 'Your user belongs to no company.',
    otherCompany: 'You can only read your own company’s data.',
    projectNotFound: 'The project “{pid}” does not exist or you cannot reach it.',
    databaseNotFound: 'The project {dbid} does not exist or you cannot reach it.',
    projectMismatch: 'The project {dbid} does not have the identifier “{pid}”.',
    clientTaken: 'There is already a client with the identifier “{clientid}”.',
    badClientId:
      'A client identifier takes 3 to 100 letters, digits, dots, hyphens and underscores.',
    shortPassword: 'The client’s password must have at least {min} characters.',
    passwordForLogin: 'A login client takes no password: use an API client.',
    emptyMessage: 'Write the message.',
    unknownConfig: 'There is no configuration of type “{type}”. Types: {types}.',
    environmentNotFound: 'Environment {id} does not exist or does not belong to your company.',
    noSystemEnvironment: 'Your company has no system environment: name the environment (idenv).',
    accessWithoutProject: 'Each entry of lstDB must name its project (database).',
    userRequired: 'Name the user (userid).',
    enterpriseNotFound: 'No user of a company has the e-mail “{email}”.',
  },
});

/** Who a refusal is for: the language of the screen or program that called, else the user's. */
export const readerOf = (ctx: Pick<OperationContext, 'language' | 'user'>): Reader => ({
  language: ctx.language ?? ctx.user.language,
});
