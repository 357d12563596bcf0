import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { EnvironmentEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import {
  createRequestOf,
  EMPTY_FORM,
  formErrors,
  formOf,
  type EnvironmentForm,
} from './environmentForm';
import { ENVIRONMENTS_KEY } from './useEnvironments';

interface EnvironmentDialogProps {
  /** The environment to modify; absent: a new one. */
  environment?: EnvironmentEntry;
  /** Values of a new environment (the install notice). */
  initial?: Partial<EnvironmentForm>;
  onClose(): void;
}

const FIELDS = ['name', 'urlManager', 'urlAuthority', 'maxLicences', 'datemask'] as const;

/** Create or modify an environment (administrators): name, server, identity provider, licences. */
export function EnvironmentDialog({ environment, initial, onClose }: EnvironmentDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const creating = !environment;
  const [form, setForm] = useState<EnvironmentForm>(() =>
    environment ? formOf(environment) : { ...EMPTY_FORM, ...initial },
  );
  const [touched, setTouched] = useState(false);
  const errors = formErrors(form, creating);

  const save = useMutation({
    mutationFn: () => {
      const request = createRequestOf(form);
      if (creating) return dataProvider.createEnvironment(request);
      const { maxLicences: _fixed, ...changes } = request;
      return dataProvider.modifyEnvironment({ id: environment.id, ...changes });
    },
    onSuccess: async () => {
      notify(creating ? 'environments.notify.created' : 'environments.notify.modified', {
        type: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) save.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {creating
            ? translate('environments.dialog.create_title')
            : translate('environments.dialog.modify_title', { name: environment.title })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error && <Alert severity="error">{translate(save.error.message)}</Alert>}
            {FIELDS.filter((field) => creating || field !== 'maxLicences').map((field) => {
              const error = touched ? errors[field] : undefined;
              const help = `environments.fields.${field}_help`;
              const hasHelp = field === 'urlManager' || field === 'urlAuthority';
              return (
                <TextField
                  key={field}
                  name={field}
                  label={translate(`environments.fields.${field}`)}
                  value={form[field]}
                  onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                  required={field !== 'datemask'}
                  error={Boolean(error)}
                  helperText={error ? translate(error) : hasHelp ? translate(help) : undefined}
                  type={field === 'maxLicences' ? 'number' : 'text'}
                  slotProps={field === 'maxLicences' ? { htmlInput: { min: 0 } } : undefined}
                  autoFocus={field === 'name'}
                  fullWidth
                />
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('environments.action.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {translate('environments.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
