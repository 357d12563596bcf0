import type { ReactNode } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../layout/PageTitle';
import { ProjectPicker } from './ProjectPicker';
import { useCurrentProject } from './useCurrentProject';
import { ScreenFallback } from '../layout/ScreenFallback';

interface ProjectScreenProps {
  /** i18n key of the screen title. */
  title: string;
  children: (database: number) => ReactNode;
}

/** A device-area screen: its title, the project picker, and the screen for the chosen project. */
export function ProjectScreen({ title, children }: ProjectScreenProps) {
  const translate = useTranslate();
  const { database, setDatabase, projects, isPending, error } = useCurrentProject();
  if (isPending) return <ScreenFallback />;
  if (error) return <Alert severity="error">{translate('ra.notification.http_error')}</Alert>;
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle title={title}>
        {projects.length > 0 && (
          <ProjectPicker database={database} setDatabase={setDatabase} projects={projects} />
        )}
      </PageTitle>
      {database === null ? (
        <Alert severity="info">{translate('project.none')}</Alert>
      ) : (
        children(database)
      )}
    </Stack>
  );
}
