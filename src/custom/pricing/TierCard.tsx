import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { ACCOUNT_TIERS } from '../../../protocol/product';
import { useTierLabel } from '../../i18n/useTierLabel';

type Tier = (typeof ACCOUNT_TIERS)[number];

interface TierCardProps {
  tier: Tier;
  current: boolean;
  canSubscribe: boolean;
  onSubscribe(tier: Tier): void;
}

/** One account tier: its limits and price, marked when it is the company's current plan. */
export function TierCard({ tier, current, canSubscribe, onSubscribe }: TierCardProps) {
  const translate = useTranslate();
  const tierLabel = useTierLabel();
  const locale = useLocale();
  const limit = (value: number | null) =>
    value === null ? translate('pricing.unlimited') : value.toLocaleString(locale);
  const price =
    tier.monthlyEuros === null
      ? translate('pricing.on_request')
      : tier.monthlyEuros === 0
        ? translate('pricing.free')
        : translate('pricing.per_month', { price: tier.monthlyEuros });
  const titleId = `tier-${tier.id}`;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'primary.main' : undefined,
        borderWidth: current ? 2 : 1,
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
        >
          <Typography variant="h6" component="h2" id={titleId}>
            {tierLabel(tier.id)}
          </Typography>
          {current && <Chip size="small" color="primary" label={translate('pricing.current')} />}
        </Stack>
        <Typography variant="h5" component="p" sx={{ mb: 2 }}>
          {price}
        </Typography>
        <Typography component="ul" sx={{ m: 0, pl: 2.5 }}>
          <li>{`${translate('pricing.devices')}: ${limit(tier.devices)}`}</li>
          <li>{`${translate('pricing.projects')}: ${limit(tier.projects)}`}</li>
          <li>{`${translate('pricing.environments')}: ${limit(tier.environments)}`}</li>
        </Typography>
      </CardContent>
      {canSubscribe && !current && (
        <CardActions>
          <Button
            variant="contained"
            fullWidth
            onClick={() => onSubscribe(tier)}
            aria-describedby={titleId}
          >
            {translate('pricing.subscribe')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
