import { areaTexts } from '../../services/area-texts';

/** The refusals of custom entities and fields (server/engine/custom/), in the caller's language. */
export const customTexts = areaTexts({
  es: {
    unknownEntity: 'La entidad «{name}» no existe en su compañía.',
    entityNotFound: 'La entidad {id} no existe.',
    fieldNotFound: 'El campo personalizado {id} no existe.',
    nameTaken: 'El nombre «{name}» ya lo usa otro recurso: elija otro.',
    fieldTaken: '{resource} ya tiene un campo «{name}».',
    noResource: 'El recurso «{name}» no existe o no admite campos personalizados.',
    noReference: 'El campo {field} apunta a «{name}», que no es un recurso.',
    fieldTypeChanged:
      'El campo «{name}» no puede cambiar de tipo ({before} → {after}): cree otro campo.',
    badEntity: 'La entidad no es válida: {detail}',
    badField: 'El campo personalizado no es válido: {detail}',
    notDeleted: 'La entidad «{name}» no está borrada.',
    projectNeeded: 'La entidad «{name}» guarda sus registros por proyecto: indique el proyecto.',
    projectOtherCompany:
      'El proyecto {numero} no es de su compañía: sus entidades no guardan registros en él.',
    uniqueValue: 'Ya hay {what} con {field} «{value}».',
    staleEntity:
      'La entidad «{name}» ha cambiado desde que la abrió (versión {current}, no {given}): vuelva a abrirla.',
  },
  en: {
    unknownEntity: 'Entity "{name}" does not exist in your company.',
    entityNotFound: 'Entity {id} does not exist.',
    fieldNotFound: 'Custom field {id} does not exist.',
    nameTaken: 'The name "{name}" is used by another resource: choose another.',
    fieldTaken: '{resource} already has a field "{name}".',
    noResource: 'Resource "{name}" does not exist or takes no custom fields.',
    noReference: 'Field {field} points to "{name}", which is not a resource.',
    fieldTypeChanged:
      'Field "{name}" cannot change its type ({before} → {after}): create another field.',
    badEntity: 'The entity is not valid: {detail}',
    badField: 'The custom field is not valid: {detail}',
    notDeleted: 'Entity "{name}" is not deleted.',
    projectNeeded: 'Entity "{name}" keeps its records per project: name the project.',
    projectOtherCompany:
      "Project {numero} is not your company's: its entities keep no records in it.",
    uniqueValue: 'There is already a {what} with {field} "{value}".',
    staleEntity:
      'Entity "{name}" has changed since you opened it (version {current}, not {given}): open it again.',
  },
});
