import { useCallback } from 'react';
import { useLocale, useTranslate, type TranslateFunction } from 'react-admin';
import type { FieldSchema } from '../../../protocol/resource-schema';

/**
 * A field's label in the console language: the schema's own label (fields a deployment adds or
 * relabels carry one), else the i18n key `resources.<resource>.fields.<source>`.
 */
export function fieldLabel(
  field: Pick<FieldSchema, 'source' | 'label'>,
  resource: string,
  locale: string,
  translate: TranslateFunction,
): string {
  const own = field.label?.[locale as 'es' | 'en'];
  if (own) return own;
  return translate(`resources.${resource}.fields.${field.source}`, { _: field.source });
}

/** fieldLabel bound to the current language. */
export function useFieldLabel(resource: string) {
  const translate = useTranslate();
  const locale = useLocale();
  return useCallback(
    (field: Pick<FieldSchema, 'source' | 'label'>) =>
      fieldLabel(field, resource, locale, translate),
    [resource, locale, translate],
  );
}
