import { useState } from 'react';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdate';
import { Confirm } from 'react-admin';
import { useDefinitionListUi } from '../../../resources/factory/listUi';
import { RowActionButton, useRowAction } from '../../RowActionButton';

/**
 * A group's "Provisionar" (provigroup), the groups list's row action, after a confirmation
 * (000 §5, in sentence case: docs/decisions.md): 'Provisión correcta', or 'Problemas al provisionar grupo.' with the server's reason.
 */
export function ProvisionGroupButton() {
  const { record, translate, notify, refresh, dataProvider } = useRowAction<{
    id: number;
    ID: number;
    NAME: string;
  }>();
  const { can, database } = useDefinitionListUi();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || !can('edit') || database == null) return null;
  const provision = async () => {
    setBusy(true);
    try {
      await dataProvider.provisionGroup(database, record.ID);
      notify('groups.messages.provisioned', { type: 'success' });
      refresh();
    } catch (error) {
      const reason = (error as Error).message;
      notify(`${translate('groups.messages.provisionFailed')} ${reason}`, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    // The row opens the group on a click: clicks here (the dialog's too) stay here.
    <RowActionButton
      title={translate('groups.provision')}
      label={translate('groups.provision_named', { name: record.NAME })}
      icon={<SystemUpdateIcon fontSize="small" />}
      onClick={() => setAsking(true)}
    >
      <Confirm
        isOpen={asking}
        loading={busy}
        title="groups.provision_title"
        titleTranslateOptions={{ name: record.NAME }}
        content="groups.provision_confirm"
        contentTranslateOptions={{ name: record.NAME }}
        confirm="groups.provision"
        onConfirm={() => void provision()}
        onClose={() => setAsking(false)}
      />
    </RowActionButton>
  );
}
