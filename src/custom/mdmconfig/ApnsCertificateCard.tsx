import { Alert, Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { daysLeft, expiryState } from '../../../protocol/mdm/apns';
import type { MdmOrganization } from '../../dataProvider/mdmCalls';

/**
 * The stored certificate: subject, topic, expiry, and how its expiry reads (warned 30 days ahead).
 * Without one, an administrator is asked to upload it (`mayWrite`); a reader is told what it means.
 */
export function ApnsCertificateCard(props: {
  ios: MdmOrganization | undefined;
  mayWrite: boolean;
}) {
  const { ios, mayWrite } = props;
  const translate = useTranslate();
  const locale = useLocale();
  const expiry = ios?.apnsExpiry ?? null;
  const state = expiryState(expiry);
  if (state === 'none') {
    const none = mayWrite ? 'mdmconfig.ios.none' : 'mdmconfig.ios.none_read';
    return <Alert severity="info">{translate(none)}</Alert>;
  }
  const date = new Date(expiry!).toLocaleDateString(locale, { dateStyle: 'long' });
  const alert = {
    expired: { severity: 'error' as const, text: translate('mdmconfig.ios.expired', { date }) },
    soon: {
      severity: 'warning' as const,
      text: translate('mdmconfig.ios.soon', { date, days: daysLeft(expiry!) }),
    },
    valid: { severity: 'success' as const, text: translate('mdmconfig.ios.valid', { date }) },
  }[state];
  const rows = [
    ['mdmconfig.ios.topic', ios?.apnsTopic],
    ['mdmconfig.ios.subject', ios?.apnsSubject],
    ['mdmconfig.ios.expiry', date],
  ];
  return (
    <>
      <Alert severity={alert.severity}>{alert.text}</Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: 1, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {translate(label!)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
