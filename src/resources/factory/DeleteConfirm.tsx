import { DialogContentText } from '@mui/material';
import {
  Confirm,
  useDeleteMany,
  useLocale,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { isUndeletable, type ResourceDefinition } from '../../../protocol/resource-definition';
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

/**
 * Asks before deleting one record ("«Sede central»") or several ("3 environments"). Undeletable
 * records (the definition's `undeletable`) are left out, and the question names them.
 */
export function DeleteConfirm(props: DeleteConfirmProps) {
  const { definition, open, database, onClose, onDeleted } = props;
  const language = useLocale() === 'en' ? 'en' : 'es';
  const translate = useTranslate();
  const kept = props.records.filter((record) => isUndeletable(definition, record));
  const keptIds = new Set(kept.map((record) => String(record.id)));
  const records = props.records.filter((record) => !keptIds.has(String(record.id)));
  const ids = props.ids.filter((id) => !keptIds.has(String(id)));
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
          const deleted = definition.notices?.deleted?.[language];
          notify(deleted ?? 'factory.delete.done', {
            type: 'success',
            messageArgs: { smart_count: ids.length },
          });
          onDeleted?.();
          refresh();
        },
        onError: (error) => {
          const failed = definition.notices?.deleteFailed?.[language];
          const message = (error as Error).message;
          notify(failed ? `${failed} ${message}` : message, { type: 'error' });
        },
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
      {...(kept.length > 0 && {
        content: (
          <DialogContentText>
            {translate(texts.content, texts.options)}{' '}
            {translate('factory.delete.kept', {
              smart_count: kept.length,
              names: kept.map((row) => String(row[definition.labelField] ?? row.id)).join(', '),
            })}
          </DialogContentText>
        ),
      })}
      confirm="ra.action.delete"
      confirmColor="warning"
      onConfirm={ids.length > 0 ? confirm : onClose}
      onClose={onClose}
    />
  );
}
