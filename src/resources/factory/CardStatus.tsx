import { Chip } from '@mui/material';
import { useLocale, useTranslate, type RaRecord } from 'react-admin';
import {
  rowColourOf,
  type CardDefinition,
  type ResourceDefinition,
} from '../../../protocol/resource-definition';
import { cellText } from './cellText';

/**
 * A card's status chip, coloured as the record's row: a field's value as the list shows it, or
 * a value the row carries beyond its fields by its label at `labels.<value>`.
 */
export function CardStatus({
  definition,
  status,
  record,
}: {
  definition: ResourceDefinition;
  status: NonNullable<CardDefinition['status']>;
  record: RaRecord;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const value = record[status.field];
  if (value === null || value === undefined || value === '') return null;
  const field = definition.fields.find((f) => f.source === status.field);
  const text = status.labels
    ? translate(`${status.labels}.${String(value)}`, { _: String(value) })
    : field
      ? cellText(field, value, language)
      : String(value);
  const colour = rowColourOf(definition, record);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={text}
      // The row's colour on the border, the text in the text colour: it reads on any tint. The
      // title beside it gives way first (an iOS device's long MID cut "Cumple" to "Cum…" at 390
      // px); a long label is still capped at 55 % and ends in an ellipsis.
      sx={{
        flex: '0 0 auto',
        minWidth: 0,
        maxWidth: '55%',
        borderWidth: 2,
        borderColor: colour && colour !== 'disabled' ? `${colour}.main` : 'divider',
      }}
    />
  );
}
