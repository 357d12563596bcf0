import { useLocale, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { lowerTitle } from '../../../protocol/lower-title';

/** A form's title: "Nuevo usuario" on create, the record's label on edit. */
export function useFormTitle(
  definition: ResourceDefinition,
  row: Record<string, unknown> | null,
): string {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  if (!row) {
    return translate('factory.form.create_title', {
      resource: lowerTitle(definition.title.one[language], language),
    });
  }
  return String(row[definition.labelField] ?? definition.title.one[language]);
}
