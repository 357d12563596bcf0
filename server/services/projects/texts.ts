import { areaTexts } from '../area-texts';

/**
 * The refusals of project creation, lifecycle, sharing and publishing, in the console's two
 * languages (server/messages.ts holds the shared ones, such as projectNotFound).
 */
const texts = {
  es: {
    projectNameRequired: 'Indique el nombre del proyecto.',
    projectNameTooLong: 'El nombre del proyecto admite como mucho {max} caracteres.',
    projectNameUsed: 'Ya existe un proyecto con ese nombre en su empresa: «{name}».',
    dbnameInvalid:
      'El nombre de la base de datos empieza por una letra o un guion bajo y solo lleva letras sin acentos, números y guiones bajos (hasta 63, sin empezar por pg_): «{value}» no lo es.',
    dbnameUsed: 'Ya existe un proyecto con la base de datos «{dbname}» en su empresa.',
    pidUsed: 'Ya existe un proyecto con el identificador «{pid}».',
    numlicInvalid:
      'El número de licencias debe ser un número entero mayor o igual que 0: «{value}» no lo es.',
    environmentNotLocal:
      'El entorno «{name}» es externo: los proyectos se crean en un entorno de sistema de este servidor.',
    projectLimit: 'Su suscripción admite {max} proyectos y ya los tiene todos.',
    ldataTooLong: 'El LDATA tiene {count} sentencias: se admiten como mucho {max}.',
    ldataNotAllowed:
      'Sentencia no admitida: en LDATA solo se admiten CREATE TABLE, CREATE INDEX, CREATE UNIQUE INDEX, ALTER TABLE, INSERT INTO, CREATE VIEW y COMMENT ON.',
    ldataOtherSchema:
      'La sentencia nombra otro esquema ({name}): escriba los nombres sin esquema, van a la base de datos del proyecto.',
    ldataForbiddenName: 'La sentencia usa {name}, que no se admite en LDATA.',
    ldataUnterminated:
      'La sentencia tiene una cadena, un identificador o un comentario sin cerrar.',
    ldataRefused: 'Sentencia {n}: {reason}',
    ldataFailed: 'Sentencia {n} (SQLSTATE {code}): {message}',
    ldataUnavailable:
      'Sentencia {n}: no se ha ejecutado, la base de datos del proyecto no estaba disponible. Vuelva a ejecutarla más tarde.',
    notOwnerDelete: 'Solo el propietario del proyecto {numero} puede marcarlo para borrar.',
    notOwnerRestore: 'Solo el propietario del proyecto {numero} puede restaurarlo.',
    alreadyDeleted: 'El proyecto {numero} ya está marcado para borrar.',
    notDeleted: 'El proyecto {numero} no está marcado para borrar.',
    notSharer:
      'No puede gestionar con quién se comparte el proyecto {numero}: hace falta ser su propietario, administrador de la empresa o tener el permiso de compartir.',
    shareUserNotFound: 'El usuario {id} no existe o no es de su empresa.',
    shareWithOwner: 'El usuario {login} es el propietario del proyecto: ya tiene acceso completo.',
    shareSelf: 'No puede cambiar sus propios permisos del proyecto {numero}.',
    notShared: 'El proyecto {numero} no está compartido con el usuario {id}.',
    notPublisher:
      'No puede publicar el proyecto {numero}: hace falta ser su propietario, administrador de la empresa o tener el permiso de publicar.',
    noSystemEnvironment: 'Su empresa no tiene ningún entorno de sistema en este servidor.',
    environmentUnreachable: 'No puede acceder al entorno «{name}»: {reason}',
    unreachableNetwork: 'el servidor no responde.',
    unreachableAuth: 'el servidor no acepta sus credenciales; conéctese a él de nuevo.',
    unreachableAnswer: 'el servidor no contestó como un servidor Flota (HTTP {status}).',
    environmentRefused: 'El entorno «{name}» rechazó la publicación: {reason}',
  },
  en: {
    projectNameRequired: 'Give the project a name.',
    projectNameTooLong: 'The project name takes at most {max} characters.',
    projectNameUsed: 'Your company already has a project with that name: "{name}".',
    dbnameInvalid:
      'A database name starts with a letter or an underscore and has only unaccented letters, digits and underscores (at most 63, not starting with pg_): "{value}" does not.',
    dbnameUsed: 'Your company already has a project with database "{dbname}".',
    pidUsed: 'There is already a project with the identifier "{pid}".',
    numlicInvalid: 'The number of licences must be a whole number, 0 or more: "{value}" is not.',
    environmentNotLocal:
      'Environment "{name}" is external: projects are created in a system environment of this server.',
    projectLimit: 'Your subscription allows {max} projects, and you have them all.',
    ldataTooLong: 'The LDATA has {count} statements: at most {max} are accepted.',
    ldataNotAllowed:
      'Statement not accepted: LDATA accepts only CREATE TABLE, CREATE INDEX, CREATE UNIQUE INDEX, ALTER TABLE, INSERT INTO, CREATE VIEW and COMMENT ON.',
    ldataOtherSchema:
      "The statement names another schema ({name}): write names without a schema, they go to the project's database.",
    ldataForbiddenName: 'The statement uses {name}, which LDATA does not accept.',
    ldataUnterminated: 'The statement has an unterminated string, identifier or comment.',
    ldataRefused: 'Statement {n}: {reason}',
    ldataFailed: 'Statement {n} (SQLSTATE {code}): {message}',
    ldataUnavailable:
      "Statement {n}: not run, the project's database was not available. Run it again later.",
    notOwnerDelete: 'Only the owner of project {numero} can mark it for deletion.',
    notOwnerRestore: 'Only the owner of project {numero} can restore it.',
    alreadyDeleted: 'Project {numero} is already marked for deletion.',
    notDeleted: 'Project {numero} is not marked for deletion.',
    notSharer:
      'You cannot manage who project {numero} is shared with: that takes its owner, a company administrator or the share permission.',
    shareUserNotFound: 'User {id} does not exist or is not of your company.',
    shareWithOwner: 'User {login} owns the project: they already have full access.',
    shareSelf: 'You cannot change your own permissions of project {numero}.',
    notShared: 'Project {numero} is not shared with user {id}.',
    notPublisher:
      'You cannot publish project {numero}: that takes its owner, a company administrator or the publish permission.',
    noSystemEnvironment: 'Your company has no system environment on this server.',
    environmentUnreachable: 'You cannot reach environment "{name}": {reason}',
    unreachableNetwork: 'the server does not answer.',
    unreachableAuth: 'the server does not accept your credentials; connect to it again.',
    unreachableAnswer: 'the server did not answer like a Flota server (HTTP {status}).',
    environmentRefused: 'Environment "{name}" refused the publication: {reason}',
  },
} as const;

export type ProjectTextKey = keyof (typeof texts)['es'];

/** This area's texts, and its refusals in the caller's language (server/services/area-texts.ts). */
export const { text: projectText, refusal: projectRefusal } = areaTexts(texts);
