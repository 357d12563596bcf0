import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  SHARE_ENVIRONMENT,
  SHARE_GENERAL,
  type EnvironmentEntry,
} from '../../../protocol/projects';
import { environmentFlags, setEnvironment, setGeneral, type ShareDraft } from './shareDraft';

interface ChecksProps {
  draft: ShareDraft;
  onChange: (draft: ShareDraft) => void;
  disabled?: boolean;
}

/** The general permissions of a share (002 §6): download, delete, publish, edit, share, restore. */
export function GeneralPermissions({ draft, onChange, disabled }: ChecksProps) {
  const translate = useTranslate();
  return (
    <FormGroup row aria-label={translate('projects.share.general')}>
      {SHARE_GENERAL.map((permission) => (
        <FormControlLabel
          key={permission}
          sx={{ minWidth: { xs: '45%', sm: 'auto' } }}
          control={
            <Checkbox
              size="small"
              checked={draft.permissions[permission]}
              disabled={disabled}
              onChange={(event) => onChange(setGeneral(draft, permission, event.target.checked))}
            />
          }
          label={translate(`projects.permissions.${permission}`)}
        />
      ))}
    </FormGroup>
  );
}

/** The per-environment permissions of a share (002 §6): generate, download, publish. */
export function EnvironmentPermissions({
  draft,
  onChange,
  disabled,
  environments,
}: ChecksProps & { environments: readonly EnvironmentEntry[] }) {
  const translate = useTranslate();
  if (environments.length === 0) {
    return (
      <Typography color="text.secondary">{translate('projects.share.no_environments')}</Typography>
    );
  }
  return (
    <Table size="small" aria-label={translate('projects.share.environments')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('projects.share.environment')}</TableCell>
          {SHARE_ENVIRONMENT.map((permission) => (
            <TableCell key={permission} padding="checkbox" align="center">
              {translate(`projects.env_permissions.${permission}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {environments.map((environment) => {
          const flags = environmentFlags(draft, environment.id);
          return (
            <TableRow key={environment.id}>
              <TableCell component="th" scope="row" sx={{ wordBreak: 'break-word' }}>
                {environment.title}
              </TableCell>
              {SHARE_ENVIRONMENT.map((permission) => (
                <TableCell key={permission} padding="checkbox" align="center">
                  <Checkbox
                    size="small"
                    checked={flags[permission]}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange(
                        setEnvironment(draft, environment.id, permission, event.target.checked),
                      )
                    }
                    slotProps={{
                      input: {
                        'aria-label': `${environment.title}: ${translate(`projects.env_permissions.${permission}`)}`,
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
