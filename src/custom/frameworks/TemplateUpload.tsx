import { useRef } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';

/**
 * A framework version's template (a zip) uploaded from its row, the versions list's
 * `rowActions` slot (docs/frameworks.md, "Template"): the top administrator's.
 */
export function TemplateUpload() {
  const record = useRecordContext<{ id: number; title: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.uploadFrameworkTemplate(record!.id, file),
    onSuccess: ({ size }) => {
      notify('frameworks.template_uploaded', { type: 'success', messageArgs: { size } });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!record) return null;
  const label = `${translate('frameworks.upload_template')}: ${record.title}`;
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={translate('frameworks.upload_template')}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <UploadFileIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
    </span>
  );
}
