import { useRef } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { RowActionButton, useRowAction } from '../RowActionButton';

/**
 * A framework version's template (a zip) uploaded from its row, the versions list's
 * `rowActions` slot (docs/frameworks.md, "Template"): the top administrator's.
 */
export function TemplateUpload() {
  const { record, translate, notify, refresh, dataProvider } = useRowAction<{
    id: number;
    title: string;
  }>();
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
    <RowActionButton
      title={translate('frameworks.upload_template')}
      label={label}
      icon={<UploadFileIcon fontSize="small" />}
      disabled={upload.isPending}
      onClick={() => input.current?.click()}
    >
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
    </RowActionButton>
  );
}
