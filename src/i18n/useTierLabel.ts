import { useCallback } from 'react';
import { useTranslate } from 'ra-core';

/** The readable name of an account tier ('FLOTA_PRO' → 'Profesional'); 'No subscription' for none. */
export function useTierLabel() {
  const translate = useTranslate();
  return useCallback(
    (tier: string | null | undefined) =>
      tier ? translate(`pricing.tiers.${tier}`, { _: tier }) : translate('home.no_tier'),
    [translate],
  );
}
