import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { EnvironmentEntry, ProjectEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { environmentKey, environmentRef, externalAccessToken } from '../../environments';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { useEnvironments } from '../environments/useEnvironments';
import { PROJECT_LISTS_KEY } from './projectLists';

interface PublishDialogProps {
  project: ProjectEntry;
  onClose: () => void;
}

/**
 * The caller's token for an external environment (the console holds one once signed in to it
 * from the environments dashboard): the server needs it to call that environment. A system
 * environment needs none.
 */
function useTargetToken(target: EnvironmentEntry | undefined) {
  return useQuery({
    queryKey: [...environmentKey(target?.id ?? 0), 'publishToken'],
    queryFn: () => externalAccessToken(environmentRef(target!)),
    enabled: Boolean(target?.external),
  });
}

/**
 * Publishing a project (issue 5 item 5): its definition and configuration, not its devices, are
 * copied to another environment of the company.
 */
export function PublishDialog({ project, onClose }: PublishDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const environments = useEnvironments();
  // What the server says of each environment for this caller: the dialog offers only those it
  // will publish to, and shows the others greyed with the reason.
  const rights = useQuery({
    queryKey: [...PROJECT_LISTS_KEY, 'publishTargets', project.numero],
    queryFn: ({ signal }) => dataProvider.publishTargets(project.numero, signal),
  });
  const rightOf = new Map((rights.data ?? []).map((right) => [right.id, right]));
  const targets = (environments.data?.data ?? []).filter((environment) =>
    rightOf.has(environment.id),
  );
  const allowed = targets.filter((environment) => rightOf.get(environment.id)?.allowed);
  const [chosen, setChosen] = useState<number | ''>('');
  const target = targets.find((environment) => environment.id === chosen);
  const token = useTargetToken(target);
  const signedOut = Boolean(target?.external) && token.isSuccess && !token.data;
  const publish = useMutation({
    mutationFn: (environment: EnvironmentEntry) =>
      dataProvider.publishProject(project.numero, environment.id, token.data ?? undefined),
    // A copy on this server is one more project in the lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECT_LISTS_KEY }),
  });
  const ready = target && !signedOut && !(target.external && token.isPending);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <ClosableTitle onClose={onClose}>
        {translate('projects.publish.title', { name: project.name })}
      </ClosableTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{translate('projects.publish.help')}</Typography>
          {environments.error && <Alert severity="error">{environments.error.message}</Alert>}
          {rights.error && <Alert severity="error">{rights.error.message}</Alert>}
          {environments.data && rights.data && targets.length === 0 && (
            <Alert severity="info">{translate('projects.publish.no_targets')}</Alert>
          )}
          {targets.length > 0 && allowed.length === 0 && (
            <Alert severity="info">{translate('projects.publish.refused_targets')}</Alert>
          )}
          {targets.length > 0 && (
            <TextField
              select
              label={translate('projects.publish.environment')}
              value={chosen}
              onChange={(event) => {
                setChosen(Number(event.target.value));
                publish.reset();
              }}
              disabled={publish.isPending}
            >
              {targets.map((environment) => {
                const refusal = rightOf.get(environment.id)?.reason;
                const title = environment.external
                  ? `${environment.title} (${translate('projects.publish.external')})`
                  : environment.title;
                return (
                  <MenuItem
                    key={environment.id}
                    value={environment.id}
                    disabled={Boolean(refusal)}
                    sx={{ whiteSpace: 'normal' }}
                  >
                    {refusal ? <ListItemText primary={title} secondary={refusal} /> : title}
                  </MenuItem>
                );
              })}
            </TextField>
          )}
          {signedOut && (
            <Alert severity="warning">{translate('projects.publish.not_connected')}</Alert>
          )}
          {publish.isSuccess && target && (
            <Alert severity="success">
              {translate('projects.publish.done', {
                environment: target.title,
                numero: publish.data.numero,
              })}
            </Alert>
          )}
          {publish.isError && <Alert severity="error">{publish.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('projects.publish.close')}</Button>
        <Button
          variant="contained"
          disabled={!ready || publish.isPending || publish.isSuccess}
          onClick={() => target && publish.mutate(target)}
        >
          {translate('projects.publish.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
