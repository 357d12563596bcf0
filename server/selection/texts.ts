import { SELECTION_MESSAGES } from '../../protocol/selection';
import { areaTexts } from '../services/area-texts';

/** The answers of the selection rules (issue 16, part 5): 001 §5 and §8 verbatim, ours around them. */
export const selectionTexts = areaTexts({
  es: {
    ...SELECTION_MESSAGES.es,
    queryErrorWith: 'Error en consulta: {message}',
    midRequired: 'La consulta usa ##MID##: indique el MID de un dispositivo para probarla.',
    midUnknown: 'El MID «{mid}» no es un dispositivo del proyecto.',
    notReplicated:
      'La tabla «{table}» no se replica: su nombre debe empezar por gen_ y debe tener clave primaria.',
    keyMissing: 'La consulta debe seleccionar la clave de la tabla ({columns}).',
    tableRequired: 'Indique la tabla.',
  },
  en: {
    ...SELECTION_MESSAGES.en,
    queryErrorWith: 'Query error: {message}',
    midRequired: 'The query uses ##MID##: enter the MID of a device to test it.',
    midUnknown: 'MID “{mid}” is not a device of the project.',
    notReplicated:
      'Table “{table}” does not replicate: its name must begin with gen_ and it must have a primary key.',
    keyMissing: 'The query must select the table’s key ({columns}).',
    tableRequired: 'Name the table.',
  },
});
