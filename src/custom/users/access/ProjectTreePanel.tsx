import { useState } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { uniformTree, type AccessNode } from '../../../../protocol/access-tree';
import { AccessTreeEditor } from '../../projects/AccessTreeEditor';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { UserProjectRow } from '../../../dataProvider/accessCalls';

interface ProjectTreePanelProps {
  userId: Identifier;
  row: UserProjectRow;
  onDone: () => void;
}

/**
 * One project's tree for the user: their share of it, edited with the 002 §4 marking rules. A
 * project they own needs none; removing the tree removes the share.
 */
export function ProjectTreePanel({ userId, row, onDone }: ProjectTreePanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [draft, setDraft] = useState<AccessNode[]>(row.access ?? uniformTree(false, false));
  const save = useMutation({
    mutationFn: (tree: AccessNode[] | null) =>
      dataProvider.saveUserProjectAccess(userId, row.numero, tree),
    onSuccess: (_saved, tree) => {
      notify(tree === null ? 'users.access.project_removed' : 'users.access.project_saved', {
        type: 'success',
        messageArgs: { name: row.name },
      });
      onDone();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const title = translate('users.access.project_tree', { name: row.name });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} component="section" aria-label={title}>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {row.role === 'owner' ? (
        <Alert severity="info">{translate('users.access.owner')}</Alert>
      ) : (
        <Stack spacing={1.5}>
          {row.role === 'none' ? (
            <Alert severity="info">{translate('users.access.no_share')}</Alert>
          ) : null}
          <AccessTreeEditor
            value={draft}
            onChange={setDraft}
            disabled={save.isPending}
            title={title}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              onClick={() => save.mutate(draft)}
              disabled={save.isPending}
            >
              {translate(
                row.role === 'none' ? 'users.access.give_project' : 'users.access.save_project',
              )}
            </Button>
            {row.role === 'shared' ? (
              <Button color="error" onClick={() => save.mutate(null)} disabled={save.isPending}>
                {translate('users.access.remove_project')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
