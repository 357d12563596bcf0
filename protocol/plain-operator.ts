import { NumericOperator, TextOperator, type OperatorCode } from './filters';
import { isNumericField, type FieldSchema } from './resource-schema';

/**
 * The one operator a field's plain `filter` value means, the same for the console and the
 * server: a number, a choice, a yes/no or a reference equal to the value (a reference by its
 * id), any other text containing it (a date: within the day).
 */
export function plainOperator(
  field: Pick<FieldSchema, 'type' | 'choices' | 'codeList'>,
): OperatorCode {
  if (isNumericField(field)) return NumericOperator.equals;
  // A list of codes: one picked from its choices, contained.
  if (field.codeList) return TextOperator.contains;
  if (field.choices || field.type === 'boolean' || field.type === 'reference')
    return TextOperator.equals;
  return TextOperator.contains;
}
