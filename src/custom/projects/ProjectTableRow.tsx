import {
  Chip,
  IconButton,
  Link,
  Stack,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import ShareIcon from '@mui/icons-material/Share';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectEntry } from '../../../protocol/projects';
import { PATHS } from '../../paths';
import { phoneOnly, PROJECT_COLUMNS, wideOnly, type ProjectColumnId } from './projectColumns';
import { mayPublish, mayShare } from './projectRights';

interface ProjectTableRowProps {
  project: ProjectEntry;
  columns: ProjectColumnId[];
  admin: boolean;
  onShare?: (project: ProjectEntry) => void;
  onPublish?: (project: ProjectEntry) => void;
}

/** One project: its name opens its device list; share and publish for those allowed to. */
export function ProjectTableRow({
  project,
  columns,
  admin,
  onShare,
  onPublish,
}: ProjectTableRowProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const context = { translate, locale };
  const cells = columns.map((column) => ({
    column,
    content: PROJECT_COLUMNS[column](project, context),
  }));
  const name = { name: project.name };
  return (
    <TableRow hover data-project={project.pid}>
      <TableCell>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Link
            component={RouterLink}
            to={`${PATHS.devicelist}?database=${project.numero}`}
            aria-label={translate('projects.actions.open', name)}
            sx={{ fontWeight: 500, wordBreak: 'break-word' }}
          >
            {project.name}
          </Link>
          {project.deleted && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={translate('projects.deleted')}
            />
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div" sx={phoneOnly}>
          {cells.map(({ content }) => content).join(' · ')}
        </Typography>
      </TableCell>
      {cells.map(({ column, content }) => (
        <TableCell key={column} sx={wideOnly}>
          {content}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {onShare && mayShare(project, admin) && (
          <Tooltip title={translate('projects.actions.share', name)}>
            <IconButton
              size="small"
              aria-label={translate('projects.actions.share', name)}
              onClick={() => onShare(project)}
            >
              <ShareIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {onPublish && mayPublish(project, admin) && (
          <Tooltip title={translate('projects.actions.publish', name)}>
            <IconButton
              size="small"
              aria-label={translate('projects.actions.publish', name)}
              onClick={() => onPublish(project)}
            >
              <PublishIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
