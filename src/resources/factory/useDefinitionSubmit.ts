import {
  useCreate,
  useLocale,
  useNotify,
  useRefresh,
  useUpdate,
  type Identifier,
} from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { customFieldsMeta } from '../../dataProvider/customFieldsMeta';
import { formSubmission } from './formRecord';

type Values = Record<string, unknown>;

/**
 * Saves a declared create or edit form by its verb's call, pessimistically: on success a
 * notice and `onDone`; a refusal is shown as the server answered it (its description, already
 * in the caller's language), after the resource's `notices.saveFailed` where it has one. Shared
 * by the dialog and the page forms.
 */
export function useDefinitionSubmit(
  definition: ResourceDefinition,
  row: Values | null,
  database: number | null | undefined,
  onDone: () => void,
) {
  const notify = useNotify();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const failed = definition.notices?.saveFailed?.[language];
  const refresh = useRefresh();
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  // The company's custom fields of the form go with it (src/dataProvider/customFieldsMeta.ts).
  const meta = { ...(database ? { database } : {}), ...customFieldsMeta(definition) };
  const options = {
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      notify(row ? 'ra.notification.updated' : 'ra.notification.created', {
        type: 'success',
        messageArgs: { smart_count: 1 },
      });
      onDone();
      refresh();
    },
    onError: (error: unknown) => {
      const message = (error as Error).message;
      notify(failed ? `${failed} ${message}` : message, { type: 'error' });
      // The list is read again: a record changed meanwhile (a stale edit refused) shows its
      // newer values, and opening it again edits those.
      refresh();
    },
  };
  const submit = (values: Values) => {
    const data = formSubmission(definition, values);
    if (row)
      update(definition.name, { id: row.id as Identifier, data, previousData: row, meta }, options);
    else create(definition.name, { data, meta }, options);
  };
  return { submit, pending: creating.isPending || updating.isPending };
}
