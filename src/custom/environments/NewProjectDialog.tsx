import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PROJECT_NAME_MAX, type NewProjectResult } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import type { EnvironmentRef } from '../../environments';
import { FailedSqlDialog } from './FailedSqlDialog';
import {
  newProjectErrors,
  newProjectForm,
  newProjectOf,
  type NewProjectForm,
} from './newProjectForm';

/** An environment a project can take its licences from (an id on the answering server). */
export interface LicenceOption {
  id: number;
  title: string;
  free: number;
}

interface NewProjectDialogProps {
  options: LicenceOption[];
  /** The server that creates it; absent: the console's own. */
  target?: EnvironmentRef;
  onClose(created: boolean): void;
}

/**
 * The new-project modal (000 §3): name, database name, LDATA, licence (the environment), number
 * of licences and "generate with LDATA" (on by default). Statements of LDATA that failed are
 * listed under 'SQL fallidos'; a refusal is shown under 'Problema'.
 */
export function NewProjectDialog({ options, target, onClose }: NewProjectDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<NewProjectForm>(() => newProjectForm(options[0]?.id ?? 0));
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<NewProjectResult | null>(null);
  const free = options.find((option) => option.id === form.license)?.free ?? 0;
  const errors = newProjectErrors(form, free);
  const set = (changes: Partial<NewProjectForm>) => setForm({ ...form, ...changes });

  const create = useMutation({
    mutationFn: () => dataProvider.createProject(newProjectOf(form), { environment: target }),
    onSuccess: (created) => {
      if (created.failed.length > 0) return setResult(created);
      notify('environments.new_project.created', {
        type: 'success',
        messageArgs: { name: form.projectname.trim() },
      });
      onClose(true);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length === 0) create.mutate();
  };
  const shown = (field: keyof NewProjectForm) => (touched ? errors[field] : undefined);
  const helper = (field: keyof NewProjectForm, help?: string) => {
    const error = shown(field);
    if (error) return translate(error, { max: PROJECT_NAME_MAX, free });
    return help;
  };

  if (result) return <FailedSqlDialog result={result} onClose={() => onClose(true)} />;
  return (
    <Dialog open onClose={() => onClose(false)} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate('environments.new_project.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.error && (
              <Alert severity="error">
                <AlertTitle>{translate('environments.new_project.problem')}</AlertTitle>
                {translate(create.error.message)}
              </Alert>
            )}
            <TextField
              name="projectname"
              label={translate('environments.new_project.name')}
              value={form.projectname}
              onChange={(event) => set({ projectname: event.target.value })}
              error={Boolean(shown('projectname'))}
              helperText={helper('projectname')}
              required
              autoFocus
            />
            <TextField
              name="databasename"
              label={translate('environments.new_project.databasename')}
              value={form.databasename}
              onChange={(event) => set({ databasename: event.target.value })}
              error={Boolean(shown('databasename'))}
              helperText={helper(
                'databasename',
                translate('environments.new_project.databasename_help'),
              )}
              required
            />
            <TextField
              name="ldata"
              label={translate('environments.new_project.ldata')}
              value={form.ldata}
              onChange={(event) => set({ ldata: event.target.value })}
              helperText={translate('environments.new_project.ldata_help')}
              multiline
              minRows={4}
              maxRows={12}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                name="license"
                label={translate('environments.new_project.licence')}
                value={form.license}
                onChange={(event) => set({ license: Number(event.target.value) })}
                sx={{ flex: 2 }}
              >
                {options.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {option.title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                name="numlic"
                type="number"
                label={translate('environments.new_project.numlic')}
                value={form.numlic}
                onChange={(event) => set({ numlic: event.target.value })}
                error={Boolean(shown('numlic'))}
                helperText={helper(
                  'numlic',
                  translate('environments.new_project.numlic_help', { free }),
                )}
                slotProps={{ htmlInput: { min: 0, max: free } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  name="hasGenerateLDATA"
                  checked={form.hasGenerateLDATA}
                  onChange={(event) => set({ hasGenerateLDATA: event.target.checked })}
                />
              }
              label={translate('environments.new_project.generate')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{translate('environments.action.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {translate('environments.new_project.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
