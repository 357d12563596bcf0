import { useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { useRights } from '../environments/useRights';
import { CertificateUploadDialog } from './CertificateUploadDialog';

/** The certificates' toolbar button (a slot): company administrators upload one. */
export function CertificateUploadButton() {
  const translate = useTranslate();
  const { admin } = useRights();
  const [open, setOpen] = useState(false);
  if (!admin) return null;
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {translate('organization.upload')}
      </Button>
      <CertificateUploadDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
