import { useState } from 'react';
import { Alert, LinearProgress, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { ProjectRow } from '../../dataProvider/deviceTypes';
import { ParamsDialog as ProjectParamsDialog } from '../../project/ParamsDialog';
import { frameworksContextKey } from './frameworksContext';

interface ParamsDialogProps {
  projects: ProjectRow[];
  initial: { pid: number | null; env: number | null };
  onChoose(projectid: number, environment: number): void;
  onClose(): void;
}

/**
 * The frameworks page's parameters (002 §2 "params modal, pid"): the project, then the
 * environment, among the company's, with the caller's rights there read from the server.
 */
export function ParamsDialog({ projects, initial, onChoose, onClose }: ParamsDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [pid, setPid] = useState<number | null>(initial.pid ?? projects[0]?.numero ?? null);
  const [env, setEnv] = useState<number | null>(initial.env);
  const context = useQuery({
    queryKey: frameworksContextKey(pid),
    queryFn: ({ signal }) => dataProvider.frameworksContext(pid!, signal),
    enabled: pid !== null,
    retry: false,
  });
  const environments = context.data?.environments ?? [];
  // The environment named, else the first where the caller may generate, else the first.
  const chosen =
    environments.find((entry) => entry.id === env) ??
    environments.find((entry) => entry.generate) ??
    environments[0];
  return (
    <ProjectParamsDialog
      area="frameworks"
      projects={projects}
      pid={pid}
      onPid={(next) => {
        setPid(next);
        setEnv(null);
      }}
      ready={pid !== null && Boolean(chosen)}
      onApply={() => onChoose(pid!, chosen!.id)}
      onClose={onClose}
    >
      {context.isPending && pid !== null && <LinearProgress />}
      {context.isError && <Alert severity="error">{(context.error as Error).message}</Alert>}
      {context.isSuccess && environments.length === 0 && (
        <Alert severity="info">{translate('frameworks.no_environments')}</Alert>
      )}
      {chosen && (
        <TextField
          select
          label={translate('frameworks.environment')}
          value={chosen.id}
          onChange={(event) => setEnv(Number(event.target.value))}
        >
          {environments.map((entry) => (
            <MenuItem key={entry.id} value={entry.id}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ProjectParamsDialog>
  );
}
