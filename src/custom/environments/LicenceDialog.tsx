import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { licenceDecision, refusalOf, type LicenceDecision } from './licenceDecision';
import { projectsKey, type ProjectScope } from './projectScope';

interface LicenceDialogProps {
  scope: ProjectScope;
  project: ProjectEntry;
  /** Free licences of the project's environment. */
  free: number;
  onClose(): void;
}

type Change = Extract<LicenceDecision, { kind: 'increase' | 'decrease' }>;

/**
 * Assigns a project's licences (000 §5): unchanged does nothing; fewer than those in use, or
 * more than the environment's free licences, is refused; otherwise the user confirms the
 * increase or the removal, and `admlicenses` changes the count by the difference.
 */
export function LicenceDialog({ scope, project, free, onClose }: LicenceDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(String(project.licences));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [change, setChange] = useState<Change | null>(null);

  const save = useMutation({
    mutationFn: (licadd: number) =>
      dataProvider.admlicenses(
        { database: project.numero, dbname: project.dbname, licadd },
        { environment: scope.environment },
      ),
    onSuccess: async (total) => {
      notify('environments.licences.saved', {
        type: 'success',
        messageArgs: { smart_count: total },
      });
      await queryClient.invalidateQueries({ queryKey: projectsKey(scope) });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const decision = licenceDecision({
      assigned: project.licences,
      typed,
      inUse: project.licensesInUse,
      free,
    });
    if (decision.kind === 'unchanged') return onClose();
    const refused = refusalOf(decision);
    if (refused) return setRefusal(translate(...refused));
    setRefusal(null);
    setChange(decision as Change);
  };

  const signed = change ? (change.kind === 'increase' ? change.delta : -change.delta) : 0;
  const question = change
    ? translate(`environments.licences.confirm_${change.kind}`, {
        smart_count: change.delta,
        name: project.name,
      })
    : '';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {translate('environments.licences.title', { name: project.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {change ? (
              <DialogContentText>{question}</DialogContentText>
            ) : (
              <>
                <TextField
                  name="licences"
                  type="number"
                  label={translate('environments.licences.assigned')}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  slotProps={{ htmlInput: { min: 0 } }}
                  autoFocus
                />
                <Typography variant="body2" color="text.secondary">
                  {translate('environments.licences.in_use', { count: project.licensesInUse })}
                  {' · '}
                  {translate('environments.licences.free', { count: free })}
                </Typography>
              </>
            )}
            {refusal && <Alert severity="error">{refusal}</Alert>}
            {save.error && <Alert severity="error">{translate(save.error.message)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('environments.action.cancel')}</Button>
          {change ? (
            <Button
              variant="contained"
              color={change.kind === 'decrease' ? 'warning' : 'primary'}
              loading={save.isPending}
              onClick={() => save.mutate(signed)}
            >
              {translate('environments.licences.confirm')}
            </Button>
          ) : (
            <Button type="submit" variant="contained">
              {translate('environments.action.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
