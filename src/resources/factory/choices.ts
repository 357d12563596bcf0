import type { FieldSchema } from '../../../protocol/resource-schema';

/** A field's choices as react-admin's `{id, name}` options, labelled in the console language. */
export function choicesOf(field: Pick<FieldSchema, 'choices'>, language: 'es' | 'en') {
  return (field.choices ?? []).map((choice) => ({
    id: choice.code,
    name: choice.label[language],
  }));
}
