import { Alert, Button, Card, CardContent } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { Form, useGetOne, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { useResourceSlots } from '../slots';
import { DefinitionFormActions } from './DefinitionFormActions';
import { DefinitionInputs } from './DefinitionForm';
import { formRecord } from './formRecord';
import { PageTitle } from '../../layout/PageTitle';
import { useFormTitle } from './formTitle';
import { useDefinitionAccess } from './permissions';
import { useDefinitionSubmit } from './useDefinitionSubmit';
import { ScreenFallback } from '../../layout/ScreenFallback';
import { engineWrites } from '../../../protocol/resource-entity';
import { RecordHistory } from './RecordHistory';

type Values = Record<string, unknown>;

interface DefinitionPageProps {
  definition: ResourceDefinition;
  mode: 'create' | 'edit';
  database?: number | null;
}

/**
 * Create and edit of a declared resource on a page of its own (`form: 'page'`), at
 * `<path>/create` and `<path>/<id>`: the same inputs, validation and buttons as the dialog;
 * saving, cancelling or deleting goes back to the list. A record the list has not just shown
 * is read by the show verb; without one the page says it is not found.
 */
export function DefinitionPage({ definition, mode, database }: DefinitionPageProps) {
  const { id } = useParams();
  const { pageFooter } = useResourceSlots(definition.name);
  const { data, isPending, error } = useGetOne(
    definition.name,
    { id: id ?? '', meta: database ? { database } : undefined },
    { enabled: mode === 'edit' && id !== undefined, retry: false },
  );
  if (mode === 'edit' && isPending) return <ScreenFallback />;
  if (mode === 'edit' && (error || !data)) return <NotFound definition={definition} />;
  // Parts of the record that save on their own (the user's access trees) follow the form.
  const Footer = mode === 'edit' ? pageFooter : undefined;
  return (
    <>
      <PageForm definition={definition} row={mode === 'edit' ? data : null} database={database} />
      {Footer && data ? <Footer record={data} /> : null}
    </>
  );
}

function PageForm(props: {
  definition: ResourceDefinition;
  row: Values | null;
  database?: number | null;
}) {
  const { definition, row, database } = props;
  const navigate = useNavigate();
  const back = () => navigate(definition.path);
  const { can } = useDefinitionAccess(definition);
  const { submit, pending } = useDefinitionSubmit(definition, row, database, back);
  const title = useFormTitle(definition, row);
  const mode = row ? 'edit' : 'create';
  // The engine keeps every write of what it stores and writes (not every company's users: their
  // writes are the users', in each company).
  const kept = engineWrites(definition);
  return (
    <Card sx={{ mt: 2, maxWidth: 960 }}>
      <Form record={formRecord(definition, mode, row)} onSubmit={submit} resource={definition.name}>
        <CardContent>
          <PageTitle title={title} />
          <DefinitionInputs definition={definition} mode={mode} />
          {row && kept && (
            <RecordHistory
              definition={definition}
              id={row.id}
              database={database}
              onReverted={back}
            />
          )}
        </CardContent>
        <DefinitionFormActions
          definition={definition}
          row={row}
          canDelete={can('delete')}
          database={database}
          pending={pending}
          onCancel={back}
          onDeleted={back}
        />
      </Form>
    </Card>
  );
}

function NotFound({ definition }: { definition: ResourceDefinition }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Alert
      severity="warning"
      sx={{ mt: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => navigate(definition.path)}>
          {translate('ra.action.back')}
        </Button>
      }
    >
      {translate('ra.page.not_found')}
    </Alert>
  );
}
