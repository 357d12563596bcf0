import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { useCustomsChanged } from '../../resources/overrides/useCustomsChanged';

/**
 * A deleted custom entity's row action (the `custom-entities` list filtered to deleted ones):
 * back with its records, within its 30 days (`restoreCustomEntity`), after a confirmation.
 */
export function RestoreEntityButton() {
  const record = useRecordContext<{ id: number; name: string; deleted?: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const customsChanged = useCustomsChanged();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [asking, setAsking] = useState(false);
  if (!record?.deleted) return null;
  const restore = async () => {
    setAsking(false);
    try {
      await dataProvider.restoreCustomEntity(record.id);
      notify('customEntities.restored', { type: 'success', messageArgs: { name: record.name } });
      await customsChanged();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    // The row opens its record on a click: clicks here (the dialog's too) stay here.
    <span onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        startIcon={<RestoreFromTrashIcon />}
        aria-label={translate('customEntities.restore_named', { name: record.name })}
        onClick={() => setAsking(true)}
      >
        {translate('customEntities.restore')}
      </Button>
      <Confirm
        isOpen={asking}
        title={translate('customEntities.restore_title', { name: record.name })}
        content={translate('customEntities.restore_content', { name: record.name })}
        onConfirm={restore}
        onClose={() => setAsking(false)}
      />
    </span>
  );
}
