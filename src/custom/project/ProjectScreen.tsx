import type { ReactNode } from 'react';
import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { useCurrentProject } from './useCurrentProject';

interface ProjectScreenProps {
  /** i18n key of the screen title. */
  title: string;
  children: (database: number) => ReactNode;
}

/** A device-area screen: its title, the project picker, and the screen for the chosen project. */
export function ProjectScreen({ title, children }: ProjectScreenProps) {
  const translate = useTranslate();
  const { database, setDatabase, projects, isPending, error } = useCurrentProject();
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{translate('ra.notification.http_error')}</Alert>;
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1">
          {translate(title)}
        </Typography>
        {projects.length > 0 && (
          <TextField
            select
            size="small"
            label={translate('project.label')}
            value={database ?? ''}
            onChange={(event) => setDatabase(Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            {projects.map((project) => (
              <MenuItem key={project.numero} value={project.numero}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {database === null ? (
        <Alert severity="info">{translate('project.none')}</Alert>
      ) : (
        children(database)
      )}
    </Stack>
  );
}
