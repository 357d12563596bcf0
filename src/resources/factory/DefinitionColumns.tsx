import { useMemo, type ComponentType, type ReactElement } from 'react';
import { DataTable, ReferenceField, TextField } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import { resourceDefinition } from '../declared';
import { useFieldLabel } from '../schema/fieldLabel';
import { DefinitionValue } from './DefinitionValue';

type Row = Record<string, unknown>;

/** A reference to a declared resource shows that record's label field; any other, its value. */
function Cell({ field, record }: { field: FieldSchema; record: Row }) {
  const target = field.reference ? resourceDefinition(field.reference) : undefined;
  if (field.type === 'reference' && target) {
    return (
      <ReferenceField source={field.source} reference={target.name} link={false}>
        <TextField source={target.labelField} />
      </ReferenceField>
    );
  }
  return <DefinitionValue field={field} value={record[field.source]} />;
}

// Long text and JSON get room to read as lines rather than a tall narrow column; a date keeps
// its date and time on one line, and so do the row's name (a MID is not broken at its hyphens),
// an e-mail address and a field declared `noWrap` (issue 17, defect 6).
const WIDE = { minWidth: '16rem' };
const NO_WRAP = { whiteSpace: 'nowrap' };
function cellSxOf(field: FieldSchema, labelField: string | undefined) {
  if (field.noWrap || field.source === labelField || field.format === 'email') return () => NO_WRAP;
  if (field.type === 'longtext' || field.type === 'json') return () => WIDE;
  if (field.type === 'date' || field.type === 'datetime') return () => NO_WRAP;
  return undefined;
}

/**
 * The columns of a declared list: one per field with `list`, sortable only when the field says
 * so, numbers right-aligned, and the slot's row actions last. An array rather than a component,
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
          align={isNumericField(field) ? 'right' : undefined}
          cellSx={cellSxOf(field, definition.labelField)}
          render={(record) => <Cell field={field} record={record} />}
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
