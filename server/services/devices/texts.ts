import { areaTexts } from '../area-texts';

/**
 * The refusals of the device screens (list, edit dialog, licences, status, global search), in
 * the console's two languages. The list's filter texts are here while the device list is the only
 * list that takes per-column filters.
 */
const devices = areaTexts({
  es: {
    deviceNotFound: 'El dispositivo {device} no existe en el proyecto «{project}».',
    severalDevices: 'Hay varios dispositivos {device} en el proyecto «{project}»; indique su MID.',
    withId: 'con ID {id}',
    withMid: 'con MID {mid}',
    withPin: 'con PIN {pin}',
    withPins: 'con PIN {pin} y PIN2 {pin2}',
    devicesNotFoundById:
      'No existen en el proyecto «{project}» los dispositivos con ID {ids}; no se ha cambiado nada.',
    devicesNotFoundByMid:
      'No existen en el proyecto «{project}» los dispositivos con MID {mids}; no se ha cambiado nada.',
    platformNotFound: 'La plataforma {platform} no existe en el proyecto «{project}».',
    applicationNotFound: 'La aplicación {id} no existe en el proyecto «{project}».',
    userNotFound: 'El usuario {id} no existe en el proyecto «{project}».',
    licenceNotHere:
      'La licencia de un dispositivo se asigna con createdevicelic; aquí solo se puede quitar.',
    duplicateImei:
      'IMEI duplicado: ya existe otro dispositivo con el IMEI {imei}. No se ha guardado el dispositivo.',
    midUsed: 'Ya existe un dispositivo con el MID {mid} en el proyecto «{project}».',
    midElsewhere: 'El MID {mid} ya está registrado en otro proyecto.',
    midUnchangeable: 'El MID de un dispositivo no se puede cambiar ({mid}).',
    midRequired: 'Indique el MID del nuevo dispositivo.',
    notReadyForLicence:
      'El dispositivo {mid} necesita una aplicación y un usuario antes de recibir licencia.',
    noFreeLicences:
      'No quedan licencias libres en el proyecto «{project}»: {used} de {licences} en uso.',
    searchWindow:
      'La búsqueda global llega hasta el dispositivo {max}: afine la búsqueda para ver más.',
    notFilterable: 'No se puede filtrar por la columna {column}: no es filtrable en esta lista.',
    notSortable: 'No se puede ordenar por la columna {column}: no es ordenable en esta lista.',
    sortUnknownColumn: 'No se puede ordenar por la columna {column}: no existe en esta lista.',
    // Per-column filters: the keys are protocol/filters.ts's FilterIssue.
    unknownColumn: 'No se puede filtrar por la columna {column}: no existe en esta lista.',
    unknownOperator:
      'Operador de filtro desconocido {code} en la columna {column} (válidos: 1 a 12).',
    numericOperatorNeeded:
      'La columna {column} es numérica: use un operador numérico (7 a 12), no el {code}.',
    notANumber: 'La columna {column} es numérica y el filtro «{value}» no es un número.',
    textOperatorNeeded:
      'La columna {column} no es numérica: use un operador de texto (1 a 6), no el {code}.',
    notADate:
      'La columna {column} es una fecha: indique un día (AAAA-MM-DD) o un intervalo desde~hasta.',
    tooManyFilters: 'Demasiados filtros por columna: {count} (máximo {max}).',
  },
  en: {
    deviceNotFound: 'The device {device} does not exist in project “{project}”.',
    severalDevices: "Project “{project}” has several devices {device}; give the device's MID.",
    withId: 'with ID {id}',
    withMid: 'with MID {mid}',
    withPin: 'with PIN {pin}',
    withPins: 'with PIN {pin} and PIN2 {pin2}',
    devicesNotFoundById:
      'Project “{project}” has no devices with ID {ids}; nothing has been changed.',
    devicesNotFoundByMid:
      'Project “{project}” has no devices with MID {mids}; nothing has been changed.',
    platformNotFound: 'Platform {platform} does not exist in project “{project}”.',
    applicationNotFound: 'Application {id} does not exist in project “{project}”.',
    userNotFound: 'User {id} does not exist in project “{project}”.',
    licenceNotHere:
      "A device's licence is given with createdevicelic; here it can only be removed.",
    duplicateImei:
      'Duplicate IMEI: another device already has IMEI {imei}. The device has not been saved.',
    midUsed: 'Project “{project}” already has a device with MID {mid}.',
    midElsewhere: 'MID {mid} is already registered in another project.',
    midUnchangeable: "A device's MID cannot be changed ({mid}).",
    midRequired: 'Give the MID of the new device.',
    notReadyForLicence: 'Device {mid} needs an application and a user before it gets a licence.',
    noFreeLicences: 'Project “{project}” has no free licences left: {used} of {licences} in use.',
    searchWindow:
      'The global search reaches as far as device {max}: narrow the search to see more.',
    notFilterable: 'Cannot filter by column {column}: it is not filterable in this list.',
    notSortable: 'Cannot sort by column {column}: it is not sortable in this list.',
    sortUnknownColumn: 'Cannot sort by column {column}: this list has no such column.',
    unknownColumn: 'Cannot filter by column {column}: this list has no such column.',
    unknownOperator: 'Unknown filter operator {code} on column {column} (valid: 1 to 12).',
    numericOperatorNeeded:
      'Column {column} is numeric: use a numeric operator (7 to 12), not {code}.',
    notANumber: 'Column {column} is numeric and the filter "{value}" is not a number.',
    textOperatorNeeded: 'Column {column} is not numeric: use a text operator (1 to 6), not {code}.',
    notADate: 'Column {column} is a date: give a day (YYYY-MM-DD) or a range from~to.',
    tooManyFilters: 'Too many column filters: {count} (at most {max}).',
  },
});

export const deviceText = devices.text;
export const deviceRefusal = devices.refusal;
