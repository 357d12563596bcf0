import { useMemo, type ReactElement } from 'react';
import { DataTable } from 'react-admin';
import { isNumericField, type ResourceSchema } from '../../../protocol/resource-schema';
import { useFieldLabel } from './fieldLabel';
import { FieldValue } from './FieldValue';

type Row = Record<string, unknown>;

/**
 * The columns of a schema list, one DataTable.Col per listed field in schema order, sortable
 * only when the field says so. An array rather than a component, because DataTable counts and
 * reorders its children.
 * @example <DataTable>{useSchemaColumns(schema)}</DataTable>
 */
export function useSchemaColumns(schema: ResourceSchema): ReactElement[] {
  const label = useFieldLabel(schema.name);
  return useMemo(
    () =>
      schema.fields
        .filter((field) => field.list)
        .map((field) => (
          <DataTable.Col<Row>
            key={field.source}
            source={field.source}
            label={label(field)}
            disableSort={!field.sort}
            align={isNumericField(field) ? 'right' : undefined}
            render={(record) => <FieldValue field={field} value={record[field.source]} />}
          />
        )),
    [schema, label],
  );
}
