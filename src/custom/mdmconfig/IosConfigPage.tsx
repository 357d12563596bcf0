import { useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { APNS_MAX_BYTES } from '../../../protocol/mdm/apns';
import { MDM_ORGANIZATIONS } from '../../../protocol/resources/mdm-organizations';
import type { FlotaDataProvider } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { ScreenFallback } from '../../layout/ScreenFallback';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { ApnsCertificateCard } from './ApnsCertificateCard';
import { fileBase64 } from './fileBase64';
import { useOrganization } from './useOrganization';

/**
 * `/app/mdmiosconfig` (002 §2, issue 36): the Apple push certificate of the company's iOS
 * organization — its subject, topic and expiry, warned 30 days ahead — uploaded and renewed here.
 * The server reads it and refuses a file that is not one, saying why (server/mdm/apns.ts).
 */
export default function IosConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const mayWrite = useDefinitionAccess(MDM_ORGANIZATIONS).can('edit');
  const { organization: ios, isPending, refetch } = useOrganization('ios');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > APNS_MAX_BYTES) {
      setError(translate('mdmconfig.ios.too_large'));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.apnsUpload(await fileBase64(file));
      notify('mdmconfig.ios.uploaded', { type: 'success' });
      void refetch();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  if (isPending) return <ScreenFallback />;
  const choose = translate(ios?.apnsExpiry ? 'mdmconfig.ios.renew' : 'mdmconfig.ios.upload');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      <PageTitle title="menu.mdmiosconfig" />
      <Typography sx={{ mb: 2 }}>{translate('mdmconfig.ios.intro')}</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <ApnsCertificateCard ios={ios} mayWrite={mayWrite} />
        {mayWrite ? (
          <Box>
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {choose}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('mdmconfig.ios.formats')}
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".pem,.cer,.crt,.der"
              hidden
              aria-label={choose}
              data-testid="apns-input"
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </Box>
        ) : (
          <Typography color="text.secondary">{translate('mdmconfig.read_only')}</Typography>
        )}
      </Stack>
    </Box>
  );
}
