import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { uniformTree, type AccessNode } from '../../../../protocol/access-tree';
import { MENU_TREES } from '../../../../protocol/menu-tree';
import { AccessTreeEditor } from '../../projects/AccessTreeEditor';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { UserAccessResponse } from '../../../dataProvider/accessCalls';
import { USER_ACCESS_KEY } from './keys';
import { useMenuLabel } from './useMenuLabel';

interface MenuTreeSectionProps {
  userId: Identifier;
  environment: number;
  access: UserAccessResponse;
}

/** Where the user stands in this environment, in the 002 §6 rules' words. */
function stateOf(access: UserAccessResponse, saved: AccessNode[] | null | undefined) {
  if (access.lstPermissions.length === 0) return 'no_list';
  if (saved === undefined || saved === null) return 'missing';
  return saved.length === 0 ? 'empty' : 'tree';
}

/**
 * The menu tree of the host flavour for one environment (002 §6): no list at all leaves the
 * user to their role, a missing environment is closed, an empty list opens everything.
 */
export function MenuTreeSection({ userId, environment, access }: MenuTreeSectionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { labelOf, fullLabelOf } = useMenuLabel();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const definitions = MENU_TREES[access.flavour];
  const saved = access.lstPermissions.find((entry) => entry.idenv === environment)?.access;
  const [draft, setDraft] = useState<AccessNode[] | null>(saved?.length ? saved : null);
  const save = useMutation({
    mutationFn: (tree: AccessNode[] | null) =>
      dataProvider.saveUserAccess(userId, environment, tree),
    onSuccess: (_entry, tree) => {
      notify(tree === null ? 'users.access.removed' : 'users.access.saved', { type: 'success' });
      if (tree?.length === 0) setDraft(null);
      void queryClient.invalidateQueries({ queryKey: [USER_ACCESS_KEY, userId] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const state = stateOf(access, saved);
  const busy = save.isPending;
  const title = translate(`users.access.menu_${access.flavour}`);
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {draft === null ? (
        <Alert severity={state === 'missing' ? 'warning' : 'info'}>
          {translate(`users.access.state_${state}`)}
        </Alert>
      ) : (
        <AccessTreeEditor
          value={draft}
          onChange={setDraft}
          disabled={busy}
          definitions={definitions}
          labelOf={labelOf}
          fullLabelOf={fullLabelOf}
          title={title}
        />
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {draft === null ? (
          <Button
            variant="outlined"
            onClick={() => setDraft(uniformTree(true, true, definitions))}
            disabled={busy}
          >
            {translate('users.access.give_menu')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => save.mutate(draft)} disabled={busy}>
            {translate('users.access.save_menu')}
          </Button>
        )}
        {state !== 'empty' ? (
          <Button onClick={() => save.mutate([])} disabled={busy}>
            {translate('users.access.allow_all')}
          </Button>
        ) : null}
        {state === 'tree' || state === 'empty' ? (
          <Button
            color="error"
            onClick={() => {
              setDraft(null);
              save.mutate(null);
            }}
            disabled={busy}
          >
            {translate('users.access.remove_menu')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
