/** Texts the server puts in error descriptions, in the console's two languages. */
const texts = {
  es: {
    badEnvelope: 'La petición debe ser un objeto JSON {operation, parameter}.',
    badJson: 'El cuerpo de la petición no es JSON válido.',
    badMediaType: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).',
    tooLarge: 'La petición es demasiado grande (máximo {limit} bytes).',
    unknownOperation: 'Operación desconocida: {operation}.',
    notByGet: '{operation} no se sirve por GET: use POST /api/services. Por GET: {list}.',
    badParameter: 'Parámetro no válido para {operation}: {detail}',
    forbidden: 'Su usuario no tiene permiso para esta acción.',
    noToken: 'Falta el token de acceso (cabecera Authorization: Bearer).',
    notFound: 'No existe el recurso {url}.',
    internal: 'Error interno del servidor. Se ha registrado para su revisión.',
    databaseUnavailable:
      'La base de datos no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    badRequest: 'Petición no válida.',
    tokenExpired: 'El token de acceso ha caducado.',
    tokenInvalid: 'El token de acceso no es válido.',
    userUnknown: 'El usuario del token no existe en Flota.',
    userInactive: 'El usuario está desactivado.',
    bodyStalled: 'El cuerpo de la petición dejó de llegar: no se recibió nada en {seconds} s.',
    requestTimeout: 'La petición tardó demasiado en llegar.',
    // What PostgreSQL cannot store, refused for every call and device message (db/storable.ts).
    textNul: '{path} contiene el carácter nulo (U+0000), que no se puede guardar.',
    textSurrogate:
      '{path} contiene un carácter UTF-16 incompleto (un sustituto sin pareja), que no se puede guardar.',
    tooDeep: '{path} anida más de {max} niveles de listas u objetos.',
    valueRefused:
      'La base de datos no admite uno de los valores enviados: un número fuera de rango, o un texto demasiado largo o con caracteres que no admite.',
    // Environments and licences (server/services/environments/, projects/licences.ts).
    noCompany: 'Necesita una empresa con suscripción para trabajar con entornos.',
    environmentNotFound: 'El entorno {id} no existe o no pertenece a su empresa.',
    environmentNameRequired: 'Indique el nombre del entorno.',
    environmentNameTooLong: 'El nombre del entorno admite como mucho {max} caracteres.',
    environmentNameUsed: 'Ya existe un entorno llamado «{name}» en su empresa.',
    managerUrlInvalid:
      'La dirección del servidor debe ser una URL http o https sin usuario, consulta ni fragmento: «{value}» no lo es.',
    authorityUrlInvalid:
      'La dirección del proveedor de identidad debe ser una URL http o https sin usuario, consulta ni fragmento: «{value}» no lo es.',
    datemaskInvalid:
      'La máscara de fecha combina dd, mm y yyyy (o yy) con un separador, como dd/mm/yyyy: «{value}» no lo es.',
    licencesInvalid:
      'El número de licencias debe ser un número entero entre 0 y {max}: «{value}» no lo es.',
    environmentLimit: 'Su suscripción admite {max} entornos y ya los tiene todos.',
    environmentHasProjects:
      'El entorno «{name}» tiene {count} proyectos (los marcados para borrar cuentan hasta que se purgan): no se puede borrar.',
    environmentKindWithProjects:
      'El entorno «{name}» tiene proyectos: no puede pasar de sistema a externo ni de externo a sistema.',
    lastSystemEnvironment:
      'El entorno «{name}» es el último entorno de sistema de su empresa: no se puede borrar ni convertir en externo.',
    systemLicencesTopAdmin:
      'Solo el administrador general asigna licencias a un entorno de sistema: créelo con 0 licencias.',
    serverLicenceBelowAssigned:
      'Los proyectos del entorno tienen {assigned} licencias asignadas: la licencia del servidor no puede ser menor.',
    projectNotFound: 'El proyecto {numero} no existe o no pertenece a su empresa.',
    clientBoundElsewhere:
      'El cliente de identidad de este token está vinculado al proyecto {bound}: no puede usar el proyecto {named}.',
    clientBoundCompany:
      'El cliente de identidad de este token está vinculado al proyecto {bound}: no administra la empresa ({operation}).',
    projectMarkedDeleted:
      'El proyecto {numero} está marcado para borrar: restáurelo antes de trabajar con él.',
    projectDbnameMismatch: 'El proyecto {numero} no tiene la base de datos «{dbname}».',
    licencesNotManager:
      'Solo el propietario del proyecto o un administrador de la empresa pueden cambiar sus licencias.',
    licencesNotInteger: 'El cambio de licencias debe ser un número entero: «{value}» no lo es.',
    licencesNegative: 'El proyecto tiene {assigned} licencias: no se le pueden quitar {remove}.',
    licencesBelowInUse: 'El proyecto tiene {inUse} licencias en uso: no puede quedarse con menos.',
    noMoreLicences: 'No hay más licencias libres en el entorno: quedan {free}.',
  },
  en: {
    badEnvelope: 'The request must be a JSON object {operation, parameter}.',
    badJson: 'The request body is not valid JSON.',
    badMediaType: 'The request body must be JSON (Content-Type: application/json).',
    tooLarge: 'The request is too large (at most {limit} bytes).',
    unknownOperation: 'Unknown operation: {operation}.',
    notByGet: '{operation} is not served by GET: use POST /api/services. By GET: {list}.',
    badParameter: 'Invalid parameter for {operation}: {detail}',
    forbidden: 'Your user is not allowed to do this.',
    noToken: 'The access token is missing (Authorization: Bearer header).',
    notFound: 'There is no resource {url}.',
    internal: 'Internal server error. It has been logged for review.',
    databaseUnavailable: 'The database is not available right now. Try again in a few seconds.',
    badRequest: 'Invalid request.',
    tokenExpired: 'The access token has expired.',
    tokenInvalid: 'The access token is not valid.',
    userUnknown: "The token's user does not exist in Flota.",
    userInactive: 'The user is deactivated.',
    bodyStalled: 'The request body stopped arriving: nothing was received for {seconds} s.',
    requestTimeout: 'The request took too long to arrive.',
    // What PostgreSQL cannot store, refused for every call and device message (db/storable.ts).
    textNul: '{path} contains the null character (U+0000), which cannot be stored.',
    textSurrogate:
      '{path} contains an incomplete UTF-16 character (an unpaired surrogate), which cannot be stored.',
    tooDeep: '{path} nests lists or objects more than {max} levels deep.',
    valueRefused:
      'The database cannot take one of the values sent: a number out of range, or a text too long or with characters it does not allow.',
    // Environments and licences (server/services/environments/, projects/licences.ts).
    noCompany: 'You need a company with a subscription to work with environments.',
    environmentNotFound: 'Environment {id} does not exist or does not belong to your company.',
    environmentNameRequired: 'Give the environment a name.',
    environmentNameTooLong: 'The environment name takes at most {max} characters.',
    environmentNameUsed: 'Your company already has an environment called "{name}".',
    managerUrlInvalid:
      'The server address must be an http or https URL without user, query or fragment: "{value}" is not.',
    authorityUrlInvalid:
      'The identity provider address must be an http or https URL without user, query or fragment: "{value}" is not.',
    datemaskInvalid:
      'The date mask combines dd, mm and yyyy (or yy) with a separator, like dd/mm/yyyy: "{value}" does not.',
    licencesInvalid:
      'The number of licences must be a whole number from 0 to {max}: "{value}" is not.',
    environmentLimit: 'Your subscription allows {max} environments, and you have them all.',
    environmentHasProjects:
      'Environment "{name}" has {count} projects (those marked for deletion count until they are purged): it cannot be deleted.',
    environmentKindWithProjects:
      'Environment "{name}" has projects: it cannot change from system to external or from external to system.',
    lastSystemEnvironment:
      'Environment "{name}" is the last system environment of your company: it cannot be deleted or made external.',
    systemLicencesTopAdmin:
      'Only the top administrator gives licences to a system environment: create it with 0 licences.',
    serverLicenceBelowAssigned:
      'The projects of the environment hold {assigned} licences: the server licence cannot be lower.',
    projectNotFound: 'Project {numero} does not exist or does not belong to your company.',
    clientBoundElsewhere:
      'The identity client of this token is bound to project {bound}: it cannot use project {named}.',
    clientBoundCompany:
      'The identity client of this token is bound to project {bound}: it does not administer the company ({operation}).',
    projectMarkedDeleted:
      'Project {numero} is marked for deletion: restore it before working with it.',
    projectDbnameMismatch: 'Project {numero} has no database "{dbname}".',
    licencesNotManager:
      "Only the project's owner or a company administrator can change its licences.",
    licencesNotInteger: 'The licence change must be a whole number: "{value}" is not.',
    licencesNegative: 'The project has {assigned} licences: {remove} cannot be removed.',
    licencesBelowInUse: 'The project has {inUse} licences in use: it cannot keep fewer.',
    noMoreLicences: 'There are no more free licences in the environment: {free} left.',
  },
} as const;

export type MessageKey = keyof (typeof texts)['es'];
export type Language = keyof typeof texts;

/** The caller's language from Accept-Language; Spanish unless English comes first. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function message(
  language: Language,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
