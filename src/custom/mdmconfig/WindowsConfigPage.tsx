import { Alert, Box, Stack, Typography } from '@mui/material';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { MDM_ORGANIZATIONS, PLATFORM_FIELDS } from '../../../protocol/resources/mdm-organizations';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { PageTitle } from '../../layout/PageTitle';
import { ScreenFallback } from '../../layout/ScreenFallback';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { DefinitionValue } from '../../resources/factory/DefinitionValue';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { useDefinitionSubmit } from '../../resources/factory/useDefinitionSubmit';
import { useFieldLabel } from '../../resources/schema/fieldLabel';
import { useOrganization } from './useOrganization';

/** The Windows enrolment's settings: the organization's Windows fields and its contact. */
const SHOWN = new Set<string>([...PLATFORM_FIELDS.windows, 'contactEmail']);
const shown = (field: FieldSchema) => SHOWN.has(field.source);

/**
 * `/app/mdmwmconfig` (002 §2, issue 36): the Windows enrolment settings of the company's Windows
 * organization — UPN domain, discovery URL, the policy enrolling devices get, whether enrolment is
 * allowed — as the declared organization's form (its rules: server/engine/hooks/
 * mdm-organizations.ts); the organization is created by the first save.
 */
export default function WindowsConfigPage() {
  const translate = useTranslate();
  const label = useFieldLabel(MDM_ORGANIZATIONS.name);
  const mayWrite = useDefinitionAccess(MDM_ORGANIZATIONS).can('edit');
  const { organization: windows, isPending, refetch } = useOrganization('windows');
  const row = (windows as Record<string, unknown> | undefined) ?? null;
  const { submit, pending } = useDefinitionSubmit(MDM_ORGANIZATIONS, row, undefined, () => {
    void refetch();
  });
  if (isPending) return <ScreenFallback />;
  const state = windows?.state === 'bound' ? 'bound' : windows ? 'pending' : 'none';
  const record = row ?? { platform: 'windows', enrolmentAllowed: true };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <PageTitle title="menu.mdmwmconfig" />
      <Typography sx={{ mb: 2 }}>{translate('mdmconfig.windows.intro')}</Typography>
      <Stack spacing={2}>
        <Alert severity={state === 'bound' ? 'success' : 'info'}>
          {translate(`mdmconfig.windows.${state}${state === 'none' && !mayWrite ? '_read' : ''}`)}
        </Alert>
        {mayWrite ? (
          <Form record={record} onSubmit={submit} resource={MDM_ORGANIZATIONS.name}>
            <DefinitionInputs
              definition={MDM_ORGANIZATIONS}
              mode={row ? 'edit' : 'create'}
              shown={shown}
            />
            <SaveButton disabled={pending} alwaysEnable={false} />
          </Form>
        ) : (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: 1, m: 0 }}
            >
              {MDM_ORGANIZATIONS.fields.filter(shown).map((field) => (
                <Box key={field.source} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label(field)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {record[field.source] == null || record[field.source] === '' ? (
                      '—'
                    ) : (
                      <DefinitionValue field={field} value={record[field.source]} />
                    )}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography color="text.secondary">{translate('mdmconfig.read_only')}</Typography>
          </>
        )}
      </Stack>
    </Box>
  );
}
