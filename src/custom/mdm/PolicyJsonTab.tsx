import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useMemo } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { policyJsonSchema, type PolicyPlatform } from '../../../protocol/mdm/policy-schema';
import { withMonacoLanguage } from '../resources/lazyMonaco';

// Monaco, from our own server, only when this tab is opened (as the "Recursos" screen loads it).
const JsonEditor = lazy(withMonacoLanguage(() => import('../resources/OverrideEditor')));

interface PolicyJsonTabProps {
  policyId: number;
  platform: PolicyPlatform;
  /** The platform's name, as the page shows it. */
  platformLabel: string;
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
}

/** The whole policy document as JSON, checked and completed by its platform's JSON Schema. */
export function PolicyJsonTab({
  policyId,
  platform,
  platformLabel,
  value,
  onChange,
  readOnly,
}: PolicyJsonTabProps) {
  const translate = useTranslate();
  const schema = useMemo(() => policyJsonSchema(platform), [platform]);
  const label = translate('mdm.json.label');
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('mdm.json.hint', { platform: platformLabel })}
      </Typography>
      <Box
        sx={{ height: { xs: '55vh', sm: '60vh' }, border: 1, borderColor: 'divider' }}
        data-testid="policy-json"
      >
        <Suspense fallback={<Loading />}>
          <JsonEditor
            modelUri={`inmemory://flota/mdm-policy-${policyId}.json`}
            schema={schema}
            value={value}
            onChange={onChange}
            label={label}
            readOnly={readOnly}
          />
        </Suspense>
      </Box>
    </Box>
  );
}
