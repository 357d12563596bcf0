import { Fragment, type ComponentType } from 'react';
import { Box } from '@mui/material';
import { SimpleList, useLocale, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { isNumericField } from '../../../protocol/resource-schema';
import { useFieldLabel } from '../schema/fieldLabel';
import { cellText } from './cellText';

type Row = RaRecord;

interface SmallListProps {
  definition: ResourceDefinition;
  rowSx?: (record: Row) => object;
  onOpen?: (record: Row) => void;
  /** The slot's row actions, at the right of each item. */
  RowActions?: ComponentType;
}

/**
 * A declared list on a phone: the label field first, the other listed fields on one line under
 * it (a number, or a field declared `labelled`, with its label, since it says nothing alone), dates at the right, each shown as
 * in the table (labels, not codes).
 */
export function SmallList({ definition, rowSx, onOpen, RowActions }: SmallListProps) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const label = useFieldLabel(definition.name);
  const listed = definition.fields.filter((f) => f.list && f.type !== 'boolean');
  const main = listed.find((f) => f.source === definition.labelField) ?? listed[0];
  const dates = listed.filter((f) => f !== main && (f.type === 'date' || f.type === 'datetime'));
  const others = listed.filter((f) => f !== main && !dates.includes(f));
  const text = (record: Row, fields: typeof listed) =>
    fields
      .map((f) => {
        const value = cellText(f, record[f.source], language);
        return value && (isNumericField(f) || f.labelled) ? `${label(f)}: ${value}` : value;
      })
      .filter(Boolean)
      .join(' · ');
  // An e-mail address is not broken at its hyphen: the line breaks between the values.
  const secondary = (record: Row) =>
    others
      .map((f) => ({ field: f, value: text(record, [f]) }))
      .filter(({ value }) => value)
      .map(({ field, value }, index) => (
        <Fragment key={field.source}>
          {index > 0 && ' · '}
          {field.format === 'email' ? (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {value}
            </Box>
          ) : (
            value
          )}
        </Fragment>
      ));
  return (
    <SimpleList<Row>
      primaryText={(record) => (main ? cellText(main, record[main.source], language) : '')}
      secondaryText={secondary}
      tertiaryText={(record) => text(record, dates)}
      rowSx={rowSx as never}
      rightIcon={
        RowActions
          ? () => (
              // The item itself opens the row: a click or key on an action stays with the action.
              <Box
                component="span"
                onClick={(event) => event.stopPropagation()}
                onKeyDown={(event) => event.stopPropagation()}
              >
                <RowActions />
              </Box>
            )
          : undefined
      }
      rowClick={
        onOpen
          ? (_id, _resource, record) => {
              onOpen(record as Row);
              return false;
            }
          : false
      }
    />
  );
}
