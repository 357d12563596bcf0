import { areaTexts } from '../services/area-texts';

/** The engine's refusals (server/engine/), in the caller's language; `{what}` is the record's title. */
export const engineTexts = areaTexts({
  es: {
    noCompany: 'Solo los usuarios de una compañía tienen {what}.',
    notFound: '{what} {id} no existe.',
    stale:
      '{what} «{label}» ha cambiado desde que lo abrió (versión {current}, no {given}): vuelva a abrirlo para ver los cambios y guarde de nuevo.',
    versionMissing:
      'Falta la versión de {what} que se editó: la edición debe enviar la versión que se leyó.',
    duplicate: 'Ya hay {what} con {field} «{value}».',
    revisionNotFound: 'La revisión {id} no existe.',
    notAReference: 'El campo {field} no es un registro de {target}: {value} no existe.',
    inUse: '{what} «{label}» no se puede borrar: lo usan registros de {other}.',
    fixedField: 'El campo {field} no se puede cambiar.',
    revertOnlyEdits:
      'Solo se puede revertir un cambio; un alta o una baja no (la revisión {id} es {action}).',
  },
  en: {
    noCompany: 'Only the users of a company have {what}.',
    notFound: '{what} {id} does not exist.',
    stale:
      '{what} "{label}" has changed since you opened it (version {current}, not {given}): open it again to see the changes and save again.',
    versionMissing:
      'The version of the {what} edited is missing: an edit must send the version it read.',
    duplicate: 'There is already a {what} with {field} "{value}".',
    revisionNotFound: 'Revision {id} does not exist.',
    notAReference: '{field} is not a record of {target}: {value} does not exist.',
    inUse: '{what} "{label}" cannot be deleted: records of {other} use it.',
    fixedField: 'Field {field} cannot be changed.',
    revertOnlyEdits:
      'Only a change can be reverted, not a creation or a deletion (revision {id} is {action}).',
  },
});
