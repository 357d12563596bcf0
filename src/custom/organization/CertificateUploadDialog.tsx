import { useState } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useWatch } from 'react-hook-form';
import {
  Form,
  SaveButton,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { CERTIFICATE_INPUTS, CERTIFICATES } from '../../../protocol/resources/certificates';
import type { FlotaDataProvider } from '../../dataProvider';
import { TypedInputs } from '../../resources/factory/TypedInputs';
import { formRecord } from '../../resources/factory/formRecord';

const ACCEPT: Record<string, string> = { keystore: '.jks,.keystore', p12: '.p12,.pfx' };

const HELP = { keystore: 'organization.keystore_help', p12: 'organization.p12_help' };

/** The inputs of the type chosen and the file picker. */
function CertificateInputs({
  file,
  onFile,
}: {
  file: File | null;
  onFile(file: File | null): void;
}) {
  const translate = useTranslate();
  const type = String(useWatch({ name: 'type' }) ?? 'keystore');
  return (
    <>
      <TypedInputs definition={CERTIFICATES} inputs={CERTIFICATE_INPUTS} help={HELP} />
      <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        {translate('organization.choose_file')}
        <input
          type="file"
          hidden
          accept={ACCEPT[type]}
          aria-label={translate('organization.file')}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </MuiButton>
      <Typography
        variant="body2"
        sx={{ mt: 1, overflowWrap: 'anywhere' }}
        data-testid="certificate-file"
      >
        {file ? file.name : translate('organization.no_file')}
      </Typography>
    </>
  );
}

/**
 * Uploads a certificate: the declared inputs of its type and the file, sent as one multipart form
 * (the server seals the file and passwords; the answer is metadata only).
 */
export function CertificateUploadDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setFile(null);
    onClose();
  };
  const submit = async (values: Record<string, unknown>) => {
    if (!file) {
      notify('organization.no_file', { type: 'warning' });
      return;
    }
    const inputs = CERTIFICATE_INPUTS[String(values.type)] ?? [];
    const form = new FormData();
    for (const source of inputs) {
      const value = values[source];
      if (value !== undefined && value !== null && value !== '') form.append(source, String(value));
    }
    form.append('file', file, file.name);
    setPending(true);
    try {
      await dataProvider.uploadCertificate(form);
      notify('organization.uploaded', { type: 'success' });
      refresh();
      close();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="upload-title">
      {open && (
        <Form record={formRecord(CERTIFICATES, 'create', null)} onSubmit={submit}>
          <DialogTitle id="upload-title">{translate('organization.upload_title')}</DialogTitle>
          <DialogContent>
            <CertificateInputs file={file} onFile={setFile} />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
            <SaveButton
              label={pending ? 'organization.uploading' : 'organization.upload'}
              icon={<UploadFileIcon />}
              disabled={pending}
              alwaysEnable={!pending}
            />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
