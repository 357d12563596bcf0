import {
  ChipField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextField,
} from 'react-admin';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { resourceDefinition } from '../declared';
import { DefinitionValue } from './DefinitionValue';

/**
 * A field of a listed record, in a table's cell or on a phone's card: a reference to a declared
 * resource shows that record's label field (not its id); any other, its value (`value` when the
 * caller has one of its own, as a card's title falls back to the record's id).
 */
export function FieldCell(props: {
  field: FieldSchema;
  record: Record<string, unknown>;
  value?: unknown;
}) {
  const { field, record } = props;
  const target = field.reference ? resourceDefinition(field.reference) : undefined;
  if (field.type === 'reference' && target) {
    // A project's row (a role's device group) is asked of the project the record names.
    const database = field.projectField ? record[field.projectField] : undefined;
    const meta = database == null ? undefined : { meta: { database: Number(database) } };
    if (field.multiple) {
      return (
        <ReferenceArrayField source={field.source} reference={target.name} queryOptions={meta}>
          <SingleFieldList linkType={false}>
            <ChipField source={target.labelField} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    }
    return (
      <ReferenceField
        source={field.source}
        reference={target.name}
        link={false}
        queryOptions={meta}
      >
        <TextField source={target.labelField} />
      </ReferenceField>
    );
  }
  return <DefinitionValue field={field} value={props.value ?? record[field.source]} />;
}
