import {
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import type { AccessNode } from '../../../protocol/access-tree';
import {
  SHARE_GENERAL,
  type ProjectShare,
  type ShareGeneralPermissions,
} from '../../../protocol/projects';
import { accessLevel } from '../../../protocol/project-list';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A share's general permissions granted, and its access tree in one word. */
export function grantedText(
  permissions: ShareGeneralPermissions,
  access: readonly AccessNode[],
  translate: Translate,
): string {
  const granted = SHARE_GENERAL.filter((permission) => permissions[permission]);
  const general = granted.length
    ? granted.map((permission) => translate(`projects.permissions.${permission}`)).join(', ')
    : translate('projects.summary.none');
  return `${general} · ${translate(`projects.summary.access.${accessLevel(access)}`)}`;
}

interface ShareListProps {
  shares: readonly ProjectShare[];
  /** The user whose share is in the form. */
  editing: number | null;
  disabled?: boolean;
  onEdit: (share: ProjectShare) => void;
  onRemove: (share: ProjectShare) => void;
}

/** The users a project is shared with, what each may do, and edit and remove for each. */
export function ShareList({ shares, editing, disabled, onEdit, onRemove }: ShareListProps) {
  const translate = useTranslate();
  if (shares.length === 0) {
    return <Typography color="text.secondary">{translate('projects.share.nobody')}</Typography>;
  }
  return (
    <List dense disablePadding aria-label={translate('projects.share.shared_with')}>
      {shares.map((share, index) => (
        <ListItem
          key={share.userId}
          divider={index < shares.length - 1}
          secondaryAction={
            <Stack direction="row">
              <Tooltip title={translate('projects.share.edit', { login: share.login })}>
                <IconButton
                  size="small"
                  disabled={disabled}
                  aria-label={translate('projects.share.edit', { login: share.login })}
                  onClick={() => onEdit(share)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={translate('projects.share.remove', { login: share.login })}>
                <IconButton
                  size="small"
                  disabled={disabled}
                  aria-label={translate('projects.share.remove', { login: share.login })}
                  onClick={() => onRemove(share)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          }
          sx={{ pr: 11, bgcolor: editing === share.userId ? 'action.selected' : undefined }}
        >
          <ListItemText
            primary={share.email ? `${share.login} · ${share.email}` : share.login}
            secondary={grantedText(share.permissions, share.access, translate)}
            slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
