import { NumericOperator, TextOperator, type OperatorCode } from '../../../protocol/filters';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import { operatorChoices, type OperatorsOf } from '../schema/filterRowModel';

/**
 * The one operator of a field sent in `filter`, as list calls have always taken it: a number, a
 * choice or a yes/no equal to the value, any other text containing it (a date: within the day).
 */
export function plainOperator(field: Pick<FieldSchema, 'type' | 'choices'>): OperatorCode {
  if (isNumericField(field)) return NumericOperator.equals;
  if (field.choices || field.type === 'boolean') return TextOperator.equals;
  return TextOperator.contains;
}

/**
 * The operators the filter row offers per field of a declared list: those its `filterOperators`
 * names (within the type's), or the plain one its call takes in `filter`.
 * @example <FilterRow schema={definition} operators={definitionOperators(definition)} />
 */
export function definitionOperators(definition: ResourceDefinition): OperatorsOf {
  return (field) => {
    const declared = definition.filterOperators?.[field.source];
    const offered = declared ? operatorChoices(field).filter((c) => declared.includes(c)) : [];
    return offered.length > 0 ? offered : [plainOperator(field)];
  };
}
