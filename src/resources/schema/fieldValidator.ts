import type { FieldSchema } from '../../../protocol/resource-schema';
import { fieldProblem, problemText, type Language } from '../../../protocol/resource-validation';

/**
 * The inline validator of a declared field: the same check and the same sentence as the server's
 * refusal (protocol/resource-validation.ts), "required" included, so that a person reads one
 * text whoever catches the mistake. Marked `isRequired` so that react-admin stars the label.
 * Used by the factory's forms and by the device dialog's schema inputs.
 * @example <TextInput source="email" validate={definitionValidator(field, 'Correo', 'es')} />
 */
export function definitionValidator(
  field: FieldSchema,
  label: string,
  language: Language,
): DefinitionValidator {
  const check = (value: unknown) => {
    const problem = fieldProblem(field, value);
    return problem
      ? problemText(problem, label, language, field.hint, field.requiredText)
      : undefined;
  };
  return Object.assign(check, { isRequired: field.required });
}

/** A react-admin validator (it may ignore the form's other values). */
export interface DefinitionValidator {
  (value: unknown): string | undefined;
  isRequired: boolean;
}

export const languageOf = (locale: string): Language => (locale === 'en' ? 'en' : 'es');
