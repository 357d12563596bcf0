import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Form, SaveButton, useGetOne, useTranslate } from 'react-admin';
import { ORGANIZATION } from '../../../protocol/resources/organization';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { useDefinitionSubmit } from '../../resources/factory/useDefinitionSubmit';
import { useFieldLabel } from '../../resources/schema/fieldLabel';

const noop = () => undefined;

/**
 * The company's data (002 §3 Company): a form for its administrators, the values for its other
 * users. Saved through the declared resource's edit call, validated by its declared rules.
 */
export function CompanyCard({ companyId, admin }: { companyId: number; admin: boolean }) {
  const translate = useTranslate();
  const label = useFieldLabel(ORGANIZATION.name);
  const { data, error, isPending } = useGetOne(ORGANIZATION.name, { id: companyId });
  const { submit, pending } = useDefinitionSubmit(ORGANIZATION, data ?? null, undefined, noop);
  const fields = ORGANIZATION.fields;
  return (
    <Card component="section" aria-labelledby="company-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="company-heading" gutterBottom>
          {translate('organization.company')}
        </Typography>
        {error ? (
          <Alert severity="error">{(error as Error).message}</Alert>
        ) : isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : admin ? (
          <Form record={data} onSubmit={submit} resource={ORGANIZATION.name}>
            <DefinitionInputs definition={ORGANIZATION} mode="edit" />
            <SaveButton disabled={pending} alwaysEnable={false} />
          </Form>
        ) : (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: 1, m: 0 }}
            >
              {fields.map((field) => (
                <Box key={field.source} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {label(field)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {String(data?.[field.source] ?? '') || '—'}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('organization.only_admins')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
