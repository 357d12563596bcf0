import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useCreate, useNotify, useTranslate } from 'react-admin';
import { CLIENT_INPUTS, IDENTITY_CLIENTS } from '../../../protocol/resources/identity-clients';
import { TypedInputs } from '../../resources/factory/TypedInputs';
import { DefinitionShow } from '../../resources/factory/DefinitionShow';
import { formRecord } from '../../resources/factory/formRecord';
import { useFormTitle } from '../../resources/factory/formTitle';
import type { EditorProps } from '../../resources/slots';
import { ClientSecret } from './ClientSecret';

const HELP = { api: 'security.api_help', login: 'security.login_help' };

interface Created {
  name: string;
  clientid: string;
  pwd?: string;
}

/**
 * The identity clients' editor (a slot): creates a client with the inputs of its type, then shows
 * an API client's secret once. Clients are not edited: a new one replaces one, and a row opens
 * the factory's show view, with its "Historial".
 */
export function ClientEditor({ target, onClose }: EditorProps) {
  if (target !== null && target !== 'create')
    return (
      <DefinitionShow
        definition={IDENTITY_CLIENTS}
        record={target as Parameters<typeof DefinitionShow>[0]['record']}
        onClose={() => onClose()}
      />
    );
  return <ClientCreate target={target} onClose={onClose} />;
}

function ClientCreate({ target, onClose }: EditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const title = useFormTitle(IDENTITY_CLIENTS, null);
  const [create, { isPending }] = useCreate();
  const [created, setCreated] = useState<Created | null>(null);
  const finish = () => {
    setCreated(null);
    onClose(true);
  };
  const submit = (values: Record<string, unknown>) => {
    const inputs = CLIENT_INPUTS[String(values.type)] ?? [];
    const data = Object.fromEntries(Object.entries(values).filter(([key]) => inputs.includes(key)));
    create(
      IDENTITY_CLIENTS.name,
      { data },
      {
        onSuccess: (record) => {
          notify('security.created', { type: 'success' });
          if ((record as Created).pwd) setCreated(record as Created);
          else finish();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  const open = target === 'create' || created !== null;
  return (
    <Dialog
      open={open}
      onClose={created ? undefined : () => onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="client-dialog-title"
    >
      {created ? (
        <>
          <DialogTitle id="client-dialog-title">
            {translate('security.secret_title', { name: created.name })}
          </DialogTitle>
          <ClientSecret clientid={created.clientid} secret={created.pwd!} onDone={finish} />
        </>
      ) : (
        open && (
          <Form record={formRecord(IDENTITY_CLIENTS, 'create', null)} onSubmit={submit}>
            <DialogTitle id="client-dialog-title">{title}</DialogTitle>
            <DialogContent>
              <TypedInputs definition={IDENTITY_CLIENTS} inputs={CLIENT_INPUTS} help={HELP} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => onClose()}>{translate('ra.action.cancel')}</Button>
              <SaveButton disabled={isPending} alwaysEnable={!isPending} />
            </DialogActions>
          </Form>
        )
      )}
    </Dialog>
  );
}
