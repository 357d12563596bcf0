import { areaTexts } from '../services/area-texts';

/** The data service's own refusals (docs/api.md, "The data service for apps"), es and en. */
export const { text: dataServiceText } = areaTexts({
  es: {
    badBody:
      'El cuerpo debe ser un objeto JSON {operation, parameter} (operaciones: list, show, create, edit, delete, report).',
    badParameter: 'Parámetro no válido: {detail}',
    projectRequired: 'Indique el proyecto: dbid (su número) o pid.',
    resourceRequired: 'Indique el recurso (resource) del proyecto: groups, platforms…',
    projectNotFound: 'El proyecto {project} no existe o no ofrece datos.',
    notPublic: 'El proyecto {project} no ofrece «{name}» sin autorización.',
    readOnly: 'Sin autorización solo se lee: list, show y report.',
    idTokenMissing: 'Falta el token de identidad (id_token o cabecera Authorization: Bearer).',
    idTokenInvalid: 'El token de identidad no es válido o ha caducado.',
    idTokenClient: 'El token de identidad no es de un cliente de acceso registrado en Seguridad.',
    idTokenUser: 'El usuario del token de identidad no está activo en la empresa del cliente.',
    embeddedOnly:
      'Este servidor usa un proveedor de identidad externo: pida el token de acceso a {issuer}.',
  },
  en: {
    badBody:
      'The body must be a JSON object {operation, parameter} (operations: list, show, create, edit, delete, report).',
    badParameter: 'Invalid parameter: {detail}',
    projectRequired: 'Name the project: dbid (its number) or pid.',
    resourceRequired: 'Name the project’s resource (resource): groups, platforms…',
    projectNotFound: 'Project {project} does not exist or serves no data.',
    notPublic: 'Project {project} does not serve “{name}” without authorisation.',
    readOnly: 'Without authorisation only reading is served: list, show and report.',
    idTokenMissing: 'The identity token is missing (id_token, or an Authorization: Bearer header).',
    idTokenInvalid: 'The identity token is not valid or has expired.',
    idTokenClient: 'The identity token is not of a login client registered in Security.',
    idTokenUser: "The identity token's user is not active in the client's company.",
    embeddedOnly:
      'This server uses an external identity provider: ask {issuer} for the access token.',
  },
});
