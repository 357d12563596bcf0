import type { ElementType, MouseEvent, ReactElement } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import LaunchIcon from '@mui/icons-material/Launch';
import PublishIcon from '@mui/icons-material/Publish';
import ShareIcon from '@mui/icons-material/Share';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectListRow } from '../../../protocol/project-list';
import { PATHS } from '../../paths';
import { useRights } from '../environments/useRights';
import { mayPublish, mayShare } from './projectRights';
import { useOpenProjectModal } from './useProjectModal';

/** The row opens its record on a click: its buttons do their own thing instead. */
const stop = (event: MouseEvent) => event.stopPropagation();

interface ActionProps {
  label: string;
  children: ReactElement;
  onClick(event: MouseEvent): void;
  /** A link (`component` RouterLink, `to` its address) rather than a button. */
  component?: ElementType;
  to?: string;
}

function Action({ label, children, ...rest }: ActionProps) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} {...rest}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * A project row's actions in the recent and shared lists (the `rowActions` slot of `recents` and
 * `shareds`, src/resources/slots.ts): open its device list, and share and publish for who may
 * (projectRights.ts). Share and publish name their dialog in the address; the list's header
 * (ProjectListHeader) shows it.
 */
export function ProjectRowActions() {
  const project = useRecordContext<ProjectListRow>();
  const translate = useTranslate();
  const { admin } = useRights();
  const open = useOpenProjectModal();
  if (!project) return null;
  const name = { name: project.name };
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Action
        label={translate('projects.actions.open', name)}
        component={RouterLink}
        to={`${PATHS.devicelist}?database=${project.numero}`}
        onClick={stop}
      >
        <LaunchIcon fontSize="small" />
      </Action>
      {mayShare(project, admin) && (
        <Action
          label={translate('projects.actions.share', name)}
          onClick={(event) => {
            stop(event);
            open('share', project);
          }}
        >
          <ShareIcon fontSize="small" />
        </Action>
      )}
      {mayPublish(project, admin) && (
        <Action
          label={translate('projects.actions.publish', name)}
          onClick={(event) => {
            stop(event);
            open('publish', project);
          }}
        >
          <PublishIcon fontSize="small" />
        </Action>
      )}
    </Box>
  );
}
