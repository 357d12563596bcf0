import { areaTexts } from '../services/area-texts';

/**
 * The refusals of schema-driven resources and of their overrides, in both languages. The English
 * override texts are also the RESOURCE_OVERRIDES file's messages at start.
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
    unknownField: 'el campo {field} no existe (campos de {resource}: {fields}, o un source de add)',
    alreadyField: '{source} ya es un campo',
    ownTable: 'una columna de {table} se escribe {column}, sin la tabla',
    noAdd: 'solo la lista de dispositivos añade columnas del proyecto; {resource} no',
    expected: 'valor no válido: se esperaba {expected}',
    notAllowedKeys: 'no se admite {keys} (se admiten: {allowed})',
    empty: 'no puede estar vacío',
    tooLong: 'es demasiado largo (como mucho {maximum})',
    tooSmall: 'debe ser al menos {minimum}',
    sourceFormat:
      'debe ser COLUMNA o tabla.COLUMNA (letras, cifras y _, sin empezar por una cifra)',
    nameLength: 'cada nombre tiene como mucho 63 caracteres',
    invalidValue: 'valor no válido',
  },
  en: {
    unknownResource: 'There is no resource {name} (resources: {known}).',
    invalidOverride: 'The customisation of {resource} is not valid:\n{lines}',
    overrideScope: 'Only the top administrator changes the defaults of every company.',
    projectScope: '{resource} is not customised per project, or the project is missing.',
    projectManager: 'Only those who manage the project customise its resources.',
    noCompany: 'Your user belongs to no company.',
    versionNotFound: 'Version {version} of the customisation of {resource} does not exist.',
    unknownField: 'unknown field {field} (fields of {resource}: {fields}, or a source of add)',
    alreadyField: '{source} is already a field',
    ownTable: 'a column of {table} is written {column}, without the table',
    noAdd: 'only the device list adds project columns; {resource} has none',
    expected: 'Invalid input: expected {expected}',
    notAllowedKeys: 'unknown key {keys} (allowed: {allowed})',
    empty: 'must not be empty',
    tooLong: 'is too long (at most {maximum})',
    tooSmall: 'must be at least {minimum}',
    sourceFormat:
      'must be COLUMN or table.COLUMN (letters, digits and _, not starting with a digit)',
    nameLength: 'each name must be at most 63 characters',
    invalidValue: 'invalid value',
  },
});
