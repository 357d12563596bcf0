import { useState } from 'react';
import { Alert, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { PageTitle } from '../../layout/PageTitle';
import type { ACCOUNT_TIERS } from '../../../protocol/product';
import { useTierLabel } from '../../i18n/useTierLabel';
import { TierCard } from './TierCard';
import { usePricing } from './usePricing';

type Tier = (typeof ACCOUNT_TIERS)[number];
const PLACEHOLDERS = [1, 2, 3, 4];

/** `/app/pricing`: the account tiers, the current one marked, subscribing for administrators. */
export default function Pricing() {
  const translate = useTranslate();
  const tierLabel = useTierLabel();
  const { pricing, subscribe } = usePricing();
  const [chosen, setChosen] = useState<Tier | null>(null);
  const { data, error, isPending } = pricing;
  const tierName = { tier: tierLabel(chosen?.id) };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <PageTitle title="pricing.title" />
      <Typography color="text.secondary">{translate('pricing.intro')}</Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && !data.canSubscribe && (
        <Alert severity="info">{translate('pricing.cannot_subscribe')}</Alert>
      )}
      <Grid container spacing={2}>
        {isPending &&
          PLACEHOLDERS.map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Skeleton variant="rounded" height={240} />
            </Grid>
          ))}
        {data?.tiers.map((tier) => (
          <Grid key={tier.id} size={{ xs: 12, sm: 6, lg: 3 }}>
            <TierCard
              tier={tier}
              current={tier.id === data.current}
              canSubscribe={data.canSubscribe}
              onSubscribe={setChosen}
            />
          </Grid>
        ))}
      </Grid>
      <Confirm
        isOpen={chosen !== null}
        loading={subscribe.isPending}
        title="pricing.confirm_title"
        content="pricing.confirm_content"
        titleTranslateOptions={tierName}
        contentTranslateOptions={tierName}
        onConfirm={() =>
          chosen && subscribe.mutate(chosen.id, { onSettled: () => setChosen(null) })
        }
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}
