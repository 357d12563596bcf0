import {
  Confirm,
  useDeleteMany,
  useLocale,
  useNotify,
  useRefresh,
  type Identifier,
} from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { deleteTexts } from './deleteTexts';

interface DeleteConfirmProps {
  definition: ResourceDefinition;
  /** The records to delete: one is named by its label field, several are counted. */
  records: Record<string, unknown>[];
  ids: Identifier[];
  open: boolean;
  database?: number | null;
  onClose(): void;
  onDeleted?(): void;
}

/** Asks before deleting one record ("«Sede central»") or several ("3 environments"). */
export function DeleteConfirm(props: DeleteConfirmProps) {
  const { definition, records, ids, open, database, onClose, onDeleted } = props;
  const language = useLocale() === 'en' ? 'en' : 'es';
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteMany, { isPending }] = useDeleteMany();
  const texts = deleteTexts(definition, records, ids.length, language);

  const confirm = () =>
    deleteMany(
      definition.name,
      { ids, meta: database ? { database } : undefined },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('factory.delete.done', {
            type: 'success',
            messageArgs: { smart_count: ids.length },
          });
          onDeleted?.();
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
        onSettled: onClose,
      },
    );

  return (
    <Confirm
      isOpen={open}
      loading={isPending}
      title={texts.title}
      titleTranslateOptions={texts.options}
      content={texts.content}
      contentTranslateOptions={texts.options}
      confirm="ra.action.delete"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
