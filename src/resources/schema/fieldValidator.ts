import { required, type Validator } from 'react-admin';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { fieldProblem, problemText, type Language } from '../../../protocol/resource-validation';

/**
 * The inline validators of a form field, from the validation its definition declares: the same
 * check and the same sentence as the server's refusal (protocol/resource-validation.ts). The
 * react-admin `required()` stays first so that the label carries its asterisk.
 * @example <TextInput source="EMAIL" validate={fieldValidators(field, 'Correo electrónico', 'es')} />
 */
export function fieldValidators(
  field: FieldSchema,
  label: string,
  language: Language,
): Validator[] {
  const declared: Validator = (value: unknown) => {
    const problem = fieldProblem(field, value);
    return problem ? problemText(problem, label, language) : undefined;
  };
  return field.required ? [required(), declared] : [declared];
}

export const languageOf = (locale: string): Language => (locale === 'en' ? 'en' : 'es');
