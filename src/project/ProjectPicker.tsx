import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { useCurrentProject } from './useCurrentProject';

type CurrentProject = ReturnType<typeof useCurrentProject>;

interface ProjectPickerProps extends Pick<CurrentProject, 'projects' | 'setDatabase'> {
  database: number | null;
  sx?: SxProps<Theme>;
}

/** The projects the caller reaches, to choose the one a screen shows (useCurrentProject). */
export function ProjectPicker({ database, setDatabase, projects, sx }: ProjectPickerProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('project.label')}
      value={database ?? ''}
      onChange={(event) => setDatabase(Number(event.target.value))}
      sx={sx ?? { minWidth: 220, maxWidth: '100%' }}
    >
      {projects.map((project) => (
        <MenuItem key={project.numero} value={project.numero}>
          {project.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
