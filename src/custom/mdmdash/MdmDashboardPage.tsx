import { lazy, Suspense } from 'react';
import { Box, Grid, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { dashboardFilters } from '../../../protocol/mdm/dashboard';
import { NON_COMPLIANCE_REASON_CHOICES } from '../../../protocol/mdm/device-messages';
import { COMPLIANCE_CHOICES } from '../../../protocol/resources/mdm-devices';
import { POLICY_PLATFORM_CHOICES } from '../../../protocol/resources/mdm-policies';
import { PageTitle } from '../../layout/PageTitle';
import { DashboardCard } from '../mam/DashboardCard';
import type { BarFigure } from './DashboardBars';
import { FigureLink } from './FigureLink';
import { useMdmDashboard } from './useMdmDashboard';

const DashboardBars = lazy(() => import('./DashboardBars'));

type Choice = { code: string; label: { es: string; en: string } };
const labelOf = (choices: Choice[], code: string, locale: string) =>
  choices.find((c) => c.code === code)?.label[locale === 'en' ? 'en' : 'es'] ?? code;

function Bars({ figures, title }: { figures: BarFigure[]; title: string }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
      <DashboardBars figures={figures} title={title} />
    </Suspense>
  );
}

/**
 * `/app/mdmdash` (002 §2, issue 36): the managed devices at a glance — enrolled by platform,
 * compliant or not with the most frequent reasons, waiting for approval, commands in flight,
 * not seen for a week. Every figure is a link to the managed-devices list filtered as it counts;
 * the server computes them all in SQL (server/mdm/dashboard.ts), over what the caller reaches.
 */
export default function MdmDashboardPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = useTheme();
  const { data, error, isPending } = useMdmDashboard();
  const card = { error, isPending };
  const colours: Record<string, string> = {
    compliant: theme.palette.success.main,
    noncompliant: theme.palette.warning.main,
    unknown: theme.palette.grey[500],
  };
  const platforms: BarFigure[] = (data?.platforms ?? []).map(({ platform, devices }) => ({
    key: platform,
    label: labelOf(POLICY_PLATFORM_CHOICES, platform, locale),
    value: devices,
    filter: dashboardFilters.platform(platform),
  }));
  const compliance: BarFigure[] = (data?.compliance ?? []).map(({ compliance, devices }) => ({
    key: compliance,
    label: labelOf(COMPLIANCE_CHOICES, compliance, locale),
    value: devices,
    colour: colours[compliance],
    filter: dashboardFilters.compliance(compliance),
  }));
  const enrolled = platforms.reduce((sum, figure) => sum + figure.value, 0);
  const none = <Typography color="text.secondary">{translate('mdmdash.no_devices')}</Typography>;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageTitle title="menu.mdmdash" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <DashboardCard id="mdmdash-platforms" title={translate('mdmdash.platforms')} {...card}>
            {platforms.length === 0 ? (
              none
            ) : (
              <Stack spacing={1}>
                <Bars figures={platforms} title={translate('mdmdash.platforms')} />
                {platforms.map((figure) => (
                  <FigureLink
                    key={figure.key}
                    label={figure.label}
                    value={figure.value}
                    filter={figure.filter}
                  />
                ))}
                <Typography variant="body2" color="text.secondary">
                  {translate('mdmdash.enrolled', {
                    smart_count: enrolled,
                    count: enrolled.toLocaleString(locale),
                  })}
                </Typography>
              </Stack>
            )}
          </DashboardCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <DashboardCard id="mdmdash-compliance" title={translate('mdmdash.compliance')} {...card}>
            {compliance.length === 0 ? (
              none
            ) : (
              <Stack spacing={1}>
                <Bars figures={compliance} title={translate('mdmdash.compliance')} />
                {compliance.map((figure) => (
                  <FigureLink
                    key={figure.key}
                    label={figure.label}
                    value={figure.value}
                    filter={figure.filter}
                  />
                ))}
              </Stack>
            )}
          </DashboardCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <DashboardCard id="mdmdash-reasons" title={translate('mdmdash.reasons')} {...card}>
            {data?.reasons.length === 0 ? (
              <Typography color="text.secondary">{translate('mdmdash.no_reasons')}</Typography>
            ) : (
              data?.reasons.map(({ reason, devices }) => (
                <FigureLink
                  key={reason}
                  label={labelOf(NON_COMPLIANCE_REASON_CHOICES, reason, locale)}
                  value={devices}
                  filter={dashboardFilters.reason(reason)}
                />
              ))
            )}
          </DashboardCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <DashboardCard id="mdmdash-attention" title={translate('mdmdash.attention')} {...card}>
            {data && (
              <Stack>
                <FigureLink
                  label={translate('mdmdash.pending')}
                  value={data.pending}
                  filter={dashboardFilters.pending()}
                />
                <FigureLink label={translate('mdmdash.in_flight')} value={data.commandsInFlight} />
                <FigureLink
                  label={translate('mdmdash.unseen')}
                  value={data.unseen}
                  filter={dashboardFilters.unseen(data.unseenSince)}
                />
              </Stack>
            )}
          </DashboardCard>
        </Grid>
      </Grid>
    </Box>
  );
}
