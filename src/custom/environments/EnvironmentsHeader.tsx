import { useState } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DefinitionDialog } from '../../resources/factory/DefinitionDialog';
import { useDefinitionListUi } from '../../resources/factory/listUi';
import { InstallNotice } from './InstallNotice';
import { installRequestOf, suggestedName } from './installRequest';

type Values = Record<string, unknown>;

/**
 * Above the environments list (its `header` slot, src/resources/slots.ts): the install notice of
 * `?oper=install&url=<manager>|<authority>`, whose activation opens the create dialog filled in
 * with that server, and, for who may not create, that only administrators manage environments.
 */
export function EnvironmentsHeader() {
  const translate = useTranslate();
  const { definition, can } = useDefinitionListUi();
  const [params] = useSearchParams();
  const install = installRequestOf(params);
  const [initial, setInitial] = useState<Values | null>(null);
  const admin = can('create');
  if (admin && !install) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {install && (
        <InstallNotice
          request={install}
          canActivate={admin}
          onActivate={(request) =>
            setInitial({
              title: suggestedName(request),
              address: request.manager,
              authority: request.authority,
            })
          }
        />
      )}
      {!admin && <Alert severity="info">{translate('environments.list.read_only')}</Alert>}
      {admin && (
        <DefinitionDialog
          definition={definition}
          target={initial ? 'create' : null}
          initial={initial ?? undefined}
          canDelete={false}
          onClose={() => setInitial(null)}
        />
      )}
    </Stack>
  );
}
