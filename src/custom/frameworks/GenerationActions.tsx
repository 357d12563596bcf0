import { useState, type ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import PublishIcon from '@mui/icons-material/Publish';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { GenerationRow } from '../../dataProvider/frameworkCalls';
import { useFrameworksPage } from './frameworksContext';
import { QrDialog } from './QrDialog';

type Asked = 'publish' | 'delete' | 'qr' | null;

/**
 * A generation's own actions, the generations list's `rowActions` slot: download, publish
 * (confirmed), delete (confirmed) and the QR of its download link; each shown only where the
 * caller holds that right in the generation's environment (frameworksContext, as the server
 * decides), and enabled once the build is done (delete: once it is no longer being generated).
 */
export function GenerationActions() {
  const record = useRecordContext<GenerationRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { environments, downloadLink } = useFrameworksPage();
  const [asked, setAsked] = useState<Asked>(null);
  const act = useMutation({
    mutationFn: async (what: 'download' | 'publish' | 'delete') => {
      const id = record!.id;
      if (what === 'download') return void (await dataProvider.downloadGeneration(id));
      if (what === 'publish') {
        const { versionCompleta } = await dataProvider.publishGeneration(id);
        notify('frameworks.published', {
          type: 'success',
          messageArgs: { version: versionCompleta },
        });
      } else {
        await dataProvider.deleteGeneration(id);
        notify('frameworks.deleted', { type: 'success' });
      }
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setAsked(null),
  });
  if (!record) return null;
  const rights = environments.get(record.environment);
  const done = record.state === 'done';
  const name = record.appname ?? String(record.id);
  const named = (key: string) => `${translate(key)}: ${name}`;
  const button = (key: string, icon: ReactElement, onClick: () => void, enabled: boolean) => (
    <Tooltip title={translate(key)}>
      <span>
        <IconButton
          size="small"
          aria-label={named(key)}
          disabled={!enabled || act.isPending}
          onClick={onClick}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const running = record.state === 'queued' || record.state === 'running';
  return (
    // The row opens its record on a click: clicks here (the dialogs' too) stay here.
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      {rights?.download &&
        button(
          'frameworks.download',
          <DownloadIcon fontSize="small" />,
          () => act.mutate('download'),
          done,
        )}
      {rights?.publish &&
        button(
          'frameworks.publish',
          <PublishIcon fontSize="small" />,
          () => setAsked('publish'),
          done,
        )}
      {rights?.download &&
        button('frameworks.qr', <GridOnIcon fontSize="small" />, () => setAsked('qr'), done)}
      {rights?.delete &&
        button(
          'frameworks.delete',
          <DeleteIcon fontSize="small" />,
          () => setAsked('delete'),
          !running,
        )}
      <Confirm
        isOpen={asked === 'publish' || asked === 'delete'}
        loading={act.isPending}
        title={asked === 'delete' ? 'frameworks.delete_title' : 'frameworks.publish_title'}
        titleTranslateOptions={{ name }}
        content={asked === 'delete' ? 'frameworks.delete_confirm' : 'frameworks.publish_confirm'}
        confirm={asked === 'delete' ? 'frameworks.delete' : 'frameworks.publish'}
        onConfirm={() => act.mutate(asked === 'delete' ? 'delete' : 'publish')}
        onClose={() => setAsked(null)}
      />
      {asked === 'qr' && (
        <QrDialog name={name} link={downloadLink(record.id)} onClose={() => setAsked(null)} />
      )}
    </span>
  );
}
