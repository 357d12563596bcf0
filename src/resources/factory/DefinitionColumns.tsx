import { useMemo, type ComponentType, type ReactElement } from 'react';
import { Box } from '@mui/material';
import { DataTable, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import { useFieldLabel } from '../schema/fieldLabel';
import { cellText } from './cellText';
import { FieldCell as Cell } from './FieldCell';

type Row = Record<string, unknown>;

/**
 * A cell on one line, cut with an ellipsis at its column's widest, its whole value on hover
 * (issue 33: a MID took 335 px while names wrapped onto three lines). Long text and JSON get
 * the most room, a row's name and an e-mail address more than other text; dates and numbers
 * are short and never cut.
 */
function widestOf(field: FieldSchema, labelField: string | undefined): string | null {
  // A field declared `noWrap` (an identifier, a table's value) is shown whole: the table scrolls.
  if (field.noWrap) return null;
  if (field.type === 'longtext' || field.type === 'json') return '22rem';
  if (field.source === labelField || field.format === 'email') return '15rem';
  if (field.type === 'text' || field.type === 'choice' || field.type === 'reference')
    return '11rem';
  return null;
}

function TruncatedCell({
  field,
  record,
  widest,
}: {
  field: FieldSchema;
  record: Row;
  widest: string | null;
}) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const full =
    field.type === 'boolean' || field.type === 'reference'
      ? undefined
      : cellText(field, record[field.source], language);
  return (
    <Box
      component="span"
      title={full || undefined}
      sx={{
        display: 'block',
        whiteSpace: 'nowrap',
        ...(widest ? { maxWidth: widest, overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
      }}
    >
      <Cell field={field} record={record} />
    </Box>
  );
}

/**
 * The columns of a declared list: one per field with `list`, sortable only when the field says
 * so, numbers right-aligned, each on one line, and the slot's row actions last. The table
 * leaves out the definition's `hiddenColumns` until a person picks them (DefinitionTable). An array rather than a component,
 * because DataTable counts and reorders its children.
 * @example <DataTable>{useDefinitionColumns(COMPANIES)}</DataTable>
 */
export function useDefinitionColumns(
  definition: ResourceDefinition,
  RowActions?: ComponentType,
): ReactElement[] {
  const label = useFieldLabel(definition.name);
  return useMemo(() => {
    const columns = definition.fields
      .filter((field) => field.list)
      .map((field) => (
        <DataTable.Col<Row>
          key={field.source}
          source={field.source}
          label={label(field)}
          disableSort={!field.sort}
          // A code shown by its label reads as text, whatever its type.
          align={isNumericField(field) && !field.choices ? 'right' : undefined}
          render={(record) => (
            <TruncatedCell
              field={field}
              record={record}
              widest={widestOf(field, definition.labelField)}
            />
          )}
        />
      ));
    if (RowActions) {
      columns.push(
        // `row-actions` lets a screen keep the column in view (the tables screen's data grid).
        <DataTable.Col<Row>
          key="__actions"
          label=""
          disableSort
          align="right"
          className="row-actions"
        >
          <RowActions />
        </DataTable.Col>,
      );
    }
    return columns;
  }, [definition, label, RowActions]);
}
