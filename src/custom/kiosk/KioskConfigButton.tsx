import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslate } from 'react-admin';
import { useRights } from '../environments/useRights';

const KioskConfigDialog = lazy(() =>
  import('./KioskConfigDialog').then((module) => ({ default: module.KioskConfigDialog })),
);

/** The kiosk list's toolbar button (a slot): company administrators configure the kiosk. */
export function KioskConfigButton() {
  const translate = useTranslate();
  const { admin } = useRights();
  const [open, setOpen] = useState(false);
  if (!admin) return null;
  return (
    <>
      <Button size="small" startIcon={<SettingsIcon />} onClick={() => setOpen(true)}>
        {translate('kiosk.configure')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <KioskConfigDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
