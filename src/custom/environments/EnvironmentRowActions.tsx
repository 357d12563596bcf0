import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { useCanAccess, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EnvironmentEntry } from '../../../protocol/projects';
import { environmentRef } from '../../environments';
import { connectPath } from './connectRules';
import { ServerLicenceDialog } from './ServerLicenceDialog';
import { useRights } from './useRights';

/**
 * An environment's own actions, the environments list's `rowActions` slot: its projects (the
 * connect screen, which signs in to an external one first), for who may open that screen, and a
 * system environment's server licence for administrators (set by the top administrator). An
 * external one's licence is on its own server: its connect screen has it once signed in.
 */
export function EnvironmentRowActions() {
  const record = useRecordContext<EnvironmentEntry>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { admin, topAdmin } = useRights();
  const { canAccess: seesProjects } = useCanAccess({ resource: 'mam', action: 'list' });
  const [licence, setLicence] = useState(false);
  if (!record) return null;
  const named = (key: string) => `${translate(key)} ${record.title}`;
  return (
    // The row opens its record on a click: clicks here (the dialog's too) stay here.
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      {seesProjects && (
        <Tooltip title={translate('environments.action.projects')}>
          <IconButton
            size="small"
            component={Link}
            to={connectPath({ server: String(record.id) })}
            aria-label={named('environments.action.projects')}
          >
            <FolderOpenIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {admin && record.system && (
        <Tooltip title={translate('environments.connect.server_licence')}>
          <IconButton
            size="small"
            aria-label={named('environments.connect.server_licence')}
            onClick={() => setLicence(true)}
          >
            <VpnKeyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {licence && (
        <ServerLicenceDialog
          scope={{ environment: environmentRef(record), remoteId: record.id }}
          canSet={topAdmin}
          onClose={() => {
            setLicence(false);
            refresh();
          }}
        />
      )}
    </span>
  );
}
