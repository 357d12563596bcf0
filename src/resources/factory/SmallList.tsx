import type { ComponentType } from 'react';
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
 * it (a number with its label, since it says nothing alone), dates at the right, each shown as
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
        return value && isNumericField(f) ? `${label(f)}: ${value}` : value;
      })
      .filter(Boolean)
      .join(' · ');
  return (
    <SimpleList<Row>
      primaryText={(record) => (main ? cellText(main, record[main.source], language) : '')}
      secondaryText={(record) => text(record, others)}
      tertiaryText={(record) => text(record, dates)}
      rowSx={rowSx as never}
      rightIcon={RowActions ? () => <RowActions /> : undefined}
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
