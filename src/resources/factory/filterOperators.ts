import { plainOperator } from '../../../protocol/plain-operator';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { operatorChoices, type OperatorsOf } from '../schema/filterRowModel';

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
