import { areaTexts } from '../services/area-texts';

/** The answers of the SQL runner and the reports (issue 16, part 4), in the console's languages. */
export const reportTexts = areaTexts({
  es: {
    sqlRequired: 'El SQL es obligatorio.',
    titleRequired: 'El nombre del informe es obligatorio.',
    macrosEmpty: 'Debe rellenar todas las macros',
    macroUnsafe: 'El valor de la macro {key} no puede llevar «{character}» en ese lugar del SQL.',
    noStatements: 'El SQL no tiene ninguna sentencia.',
    statementFailed: 'Sentencia {n} (SQLSTATE {code}): {message}',
    readOnlyEnded:
      'La sentencia {n} terminó la transacción de solo lectura; las siguientes no se ejecutan.',
    unavailable: 'No se ha podido conectar con la base de datos del proyecto.',
    reportNotFound: 'El informe {id} no existe en el proyecto {numero}.',
    whichReport: 'Indique el informe (ID) o su SQL.',
    cancelled: 'Ejecución cancelada: no se ha guardado ningún cambio.',
  },
  en: {
    sqlRequired: 'SQL is required.',
    titleRequired: 'The report name is required.',
    macrosEmpty: 'All macros must be filled in',
    macroUnsafe: 'The value of macro {key} may not hold “{character}” in that place of the SQL.',
    noStatements: 'The SQL has no statement.',
    statementFailed: 'Statement {n} (SQLSTATE {code}): {message}',
    readOnlyEnded: 'Statement {n} ended the read-only transaction; the next ones do not run.',
    unavailable: 'The project database could not be reached.',
    reportNotFound: 'Report {id} does not exist in project {numero}.',
    whichReport: 'Say which report (ID) or give its SQL.',
    cancelled: 'Run cancelled: no change was kept.',
  },
});
