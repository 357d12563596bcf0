import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { CanAccess, useTranslate } from 'react-admin';
import { NotAuthorised } from './NotAuthorised';
import { ScreenFallback } from '../layout/ScreenFallback';

/**
 * Shows an area only to callers whose menu lists it (the auth provider's canAccess), so that a
 * typed-in address shows the not-authorised message instead of calling the server in vain.
 */
export function AreaGuard({ area, children }: { area: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <CanAccess
      resource={area}
      action="list"
      // Without the title: a screen whose code then loads is hidden by React, not unmounted, while
      // the layout's fallback shows, and this title's portal in the top bar would stay beside it.
      loading={<ScreenFallback titled={false} />}
      accessDenied={<NotAuthorised />}
      error={<Alert severity="error">{translate('ra.notification.http_error')}</Alert>}
    >
      {children}
    </CanAccess>
  );
}
