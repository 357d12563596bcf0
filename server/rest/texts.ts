import { areaTexts } from '../services/area-texts';

/** The REST API's own refusals (docs/api.md), in both languages. */
export const { text: restText } = areaTexts({
  es: {
    unknownResource: 'No existe el recurso {name} (recursos: {known}).',
    verbNotOffered: 'El recurso {name} no admite {verb}.',
    recordNotFound: 'No existe el registro {id} de {name}.',
    badQuery: 'El parámetro {param} de la consulta no es válido: {expected}.',
    projectScope: 'El recurso {name} es de un proyecto: use /api/rest/projects/<número>/{name}.',
    companyScope: 'El recurso {name} no es de un proyecto: use /api/rest/{name}.',
  },
  en: {
    unknownResource: 'There is no resource {name} (resources: {known}).',
    verbNotOffered: 'The resource {name} does not offer {verb}.',
    recordNotFound: 'There is no record {id} of {name}.',
    badQuery: 'The query parameter {param} is not valid: {expected}.',
    projectScope:
      'The resource {name} belongs to a project: use /api/rest/projects/<number>/{name}.',
    companyScope: 'The resource {name} does not belong to a project: use /api/rest/{name}.',
  },
});
