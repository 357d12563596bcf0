import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { lowerTitle } from '../../../protocol/lower-title';

/**
 * The i18n keys and values of a delete confirmation: one record named by its label field, or a
 * count of them with the resource's plural name.
 */
export function deleteTexts(
  definition: ResourceDefinition,
  records: Record<string, unknown>[],
  count: number,
  language: 'es' | 'en',
) {
  const one = count === 1;
  const record = records[0];
  const name = one && record ? String(record[definition.labelField] ?? record.id ?? '') : '';
  return {
    title: one ? 'factory.delete.title_one' : 'factory.delete.title_many',
    content: one ? 'factory.delete.content_one' : 'factory.delete.content_many',
    options: {
      name,
      smart_count: count,
      resource: lowerTitle(
        (one ? definition.title.one : definition.title.many)[language],
        language,
      ),
    },
  };
}
