import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { ServerLicenceResponse } from '../../dataProvider/environmentCalls';
import { environmentKey } from '../../environments';
import { ENVIRONMENTS_KEY } from './useEnvironments';
import type { ProjectScope } from './projectScope';

interface ServerLicenceDialogProps {
  scope: ProjectScope;
  /** Only the top administrator sets the server licence. */
  canSet: boolean;
  onClose(): void;
}

/** Server licence management: the environment's maximum, and what its projects hold and use. */
export function ServerLicenceDialog({ scope, canSet, onClose }: ServerLicenceDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const options = { environment: scope.environment };
  const licence = useQuery({
    queryKey: [...environmentKey(scope.environment.id), 'serverLicence', scope.remoteId],
    queryFn: ({ signal }) => dataProvider.getServerLicence(scope.remoteId, { ...options, signal }),
  });
  const name = scope.environment.title;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('environments.server_licence.title', { name })}</DialogTitle>
      {licence.error && (
        <DialogContent>
          <Alert severity="error">{translate(licence.error.message)}</Alert>
        </DialogContent>
      )}
      {licence.isPending && (
        <DialogContent>
          <Skeleton variant="rounded" height={120} />
        </DialogContent>
      )}
      {licence.data && (
        <LicenceForm scope={scope} licence={licence.data} canSet={canSet} onClose={onClose} />
      )}
      {!licence.data && (
        <DialogActions>
          <Button onClick={onClose}>{translate('environments.action.close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function LicenceForm({
  scope,
  licence,
  canSet,
  onClose,
}: ServerLicenceDialogProps & { licence: ServerLicenceResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(String(licence.ServerLic));
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: number) =>
      dataProvider.setServerLicence(scope.remoteId, value, { environment: scope.environment }),
    onSuccess: async () => {
      notify('environments.server_licence.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: environmentKey(scope.environment.id) });
      await queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!/^\d+$/.test(value)) return setRefusal(translate('environments.licences.invalid'));
    if (Number(value) < licence.assigned) {
      return setRefusal(
        translate('environments.server_licence.below_assigned', { assigned: licence.assigned }),
      );
    }
    setRefusal(null);
    if (Number(value) === licence.ServerLic) return onClose();
    save.mutate(Number(value));
  };
  const figure = (key: 'assigned' | 'used' | 'free') =>
    translate(`environments.server_licence.${key}`, { count: licence[key] });
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            name="ServerLic"
            type="number"
            label={translate('environments.server_licence.max')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            disabled={!canSet}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <Typography variant="body2" color="text.secondary">
            {[figure('assigned'), figure('used'), figure('free')].join(' · ')}
          </Typography>
          {!canSet && (
            <Alert severity="info">{translate('environments.server_licence.top_admin_only')}</Alert>
          )}
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {save.error && <Alert severity="error">{translate(save.error.message)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('environments.action.close')}</Button>
        {canSet && (
          <Button type="submit" variant="contained" loading={save.isPending}>
            {translate('environments.action.save')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
