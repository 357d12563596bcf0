import { areaTexts } from '../services/area-texts';

/**
 * The refusals of schema-driven resources and of their overrides, in both languages; what is
 * wrong inside an override is worded by protocol/override-check.ts, which the console shares.
 */
export const { refusal: resourceRefusal, text: resourceText } = areaTexts({
  es: {
    unknownResource: 'El recurso {name} no existe (recursos: {known}).',
    invalidOverride: 'La personalización de {resource} no es válida:\n{lines}',
    overrideScope: 'Solo el administrador general cambia los valores de todas las empresas.',
    projectScope: '{resource} no se personaliza por proyecto, o falta el proyecto.',
    projectManager: 'Solo quien administra el proyecto personaliza sus recursos.',
    noCompany: 'Tu usuario no pertenece a ninguna empresa.',
    versionNotFound: 'La versión {version} de la personalización de {resource} no existe.',
  },
  en: {
    unknownResource: 'There is no resource {name} (resources: {known}).',
    invalidOverride: 'The customisation of {resource} is not valid:\n{lines}',
    overrideScope: 'Only the top administrator changes the defaults of every company.',
    projectScope: '{resource} is not customised per project, or the project is missing.',
    projectManager: 'Only those who manage the project customise its resources.',
    noCompany: 'Your user belongs to no company.',
    versionNotFound: 'Version {version} of the customisation of {resource} does not exist.',
  },
});
