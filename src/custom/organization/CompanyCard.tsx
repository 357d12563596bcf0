import { Alert, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Form, SaveButton, useGetOne, useTranslate } from 'react-admin';
import { ORGANIZATION } from '../../../protocol/resources/organization';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { FieldValueList } from '../../resources/factory/FieldValueList';
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
            <FieldValueList fields={fields} record={data} label={label} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('organization.only_admins')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
