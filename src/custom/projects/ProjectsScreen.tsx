import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useRights } from '../environments/useRights';
import { ProjectDialogs } from './ProjectDialogs';
import type { ProjectColumnId } from './projectColumns';
import { ProjectTable } from './ProjectTable';
import { useProjectModal } from './useProjectModal';
import type { ProjectPage } from './useProjectPage';
import { SearchField } from '../../layout/SearchField';

interface ProjectsScreenProps {
  /** i18n key of the screen title. */
  title: string;
  list: ProjectPage;
  columns: ProjectColumnId[];
  /** i18n keys of the table's name and of its empty text. */
  table: string;
  empty: string;
  /** More narrowing beside the name search. */
  filters?: ReactNode;
}

/** A project list screen: title, name search, the table, and the share and publish dialogs. */
export function ProjectsScreen({
  title,
  list,
  columns,
  table,
  empty,
  filters,
}: ProjectsScreenProps) {
  const translate = useTranslate();
  const { admin } = useRights();
  const dialogs = useProjectModal(list.query.data?.data ?? []);
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {translate(title)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SearchField
          label={translate('projects.search')}
          value={list.text}
          onChange={list.setText}
        />
        {filters}
      </Stack>
      <ProjectTable
        list={list}
        columns={columns}
        label={table}
        empty={empty}
        admin={admin}
        onShare={(project) => dialogs.open('share', project)}
        onPublish={(project) => dialogs.open('publish', project)}
      />
      <ProjectDialogs dialogs={dialogs} admin={admin} />
    </Stack>
  );
}
