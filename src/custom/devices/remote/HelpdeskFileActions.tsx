import { useState } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import StorageIcon from '@mui/icons-material/Storage';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { HELPDESK_FILES } from '../../../../protocol/resources/helpdesk-files';
import { RowIconAction } from '../../../resources/factory/RowIconAction';
import type { FlotaDataProvider } from '../../../dataProvider';
import { DeleteConfirm } from '../../../resources/factory/DeleteConfirm';
import { useHelpdeskFiles, viewOf, type HelpdeskFileRecord } from './helpdeskFilesContext';

const VIEWS = {
  viewLog: { Icon: ArticleIcon, label: 'remote.helpdesk.view_log' },
  viewImage: { Icon: ImageIcon, label: 'remote.helpdesk.view_image' },
  viewDatabase: { Icon: StorageIcon, label: 'remote.helpdesk.view_database' },
};

/**
 * A help-desk file's own actions, the `helpdesk-files` list's row actions slot: view it (a text
 * log, a screenshot; a database says it cannot be viewed yet), download it, and, for who may,
 * delete it after the confirmation that names it (the definition's delete verb).
 */
export function HelpdeskFileActions() {
  const record = useRecordContext<HelpdeskFileRecord>();
  const context = useHelpdeskFiles();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [deleting, setDeleting] = useState(false);
  if (!record || !context) return null;
  const view = VIEWS[viewOf(record)];
  const named = (key: string) => `${translate(key)} ${record.name}`;
  const download = () =>
    dataProvider
      .downloadHelpdeskFile(context.database, record.mid, record.fullpath)
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  return (
    // The row opens its record on a click: clicks here (the dialog's too) stay here.
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      <RowIconAction
        label={named(view.label)}
        Icon={view.Icon}
        onClick={() => context.open(viewOf(record), record)}
      />
      <RowIconAction
        label={named('remote.helpdesk.download')}
        Icon={DownloadIcon}
        onClick={download}
      />
      {context.canDelete && (
        <RowIconAction
          label={named('remote.helpdesk.delete')}
          Icon={DeleteIcon}
          onClick={() => setDeleting(true)}
        />
      )}
      <DeleteConfirm
        definition={HELPDESK_FILES}
        records={[record as unknown as Record<string, unknown>]}
        ids={[record.id]}
        open={deleting}
        database={context.database}
        onClose={() => setDeleting(false)}
      />
    </span>
  );
}
