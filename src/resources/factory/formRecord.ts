import { formFields, type ResourceDefinition } from '../../../protocol/resource-definition';

type Values = Record<string, unknown>;

/** What a form opens with: the declared defaults on create, the row on edit (passwords never). */
export function formRecord(
  definition: ResourceDefinition,
  mode: 'create' | 'edit',
  row: Values | null,
): Values {
  if (mode === 'edit' && row) {
    const passwords = definition.fields.filter((f) => f.type === 'password').map((f) => f.source);
    return Object.fromEntries(Object.entries(row).filter(([key]) => !passwords.includes(key)));
  }
  return Object.fromEntries(
    formFields(definition, 'create')
      .filter((field) => field.default !== null)
      .map((field) => [field.source, field.default]),
  );
}

/** What a form sends: a password left empty is not sent (it keeps the one stored). */
export function formSubmission(definition: ResourceDefinition, values: Values): Values {
  const emptyPassword = (key: string) =>
    definition.fields.some((f) => f.source === key && f.type === 'password') &&
    (values[key] === '' || values[key] == null);
  return Object.fromEntries(Object.entries(values).filter(([key]) => !emptyPassword(key)));
}
