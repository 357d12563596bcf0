import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SearchIcon from '@mui/icons-material/Search';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { BotRunDialog } from './BotRunDialog';
import { BotSecretDialog } from './BotSecretDialog';

/**
 * A bot's own actions, the bots list's `rowActions` slot: try it (the devices it would fire on
 * now, acting on none), run it now, its runs (the run history filtered to it), and a webhook
 * bot's secret.
 */
export function BotRowActions() {
  const record = useRecordContext<{ id: number; name: string; action?: string }>();
  const translate = useTranslate();
  const [open, setOpen] = useState<'dry' | 'run' | 'secret' | null>(null);
  if (!record) return null;
  const named = (key: string) => `${translate(key)}: ${record.name}`;
  const runs = `/app/botruns?filter=${encodeURIComponent(JSON.stringify({ bot: record.id }))}`;
  return (
    // The row opens its record on a click: clicks here (the dialog's too) stay here.
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('bots.try')}>
        <IconButton size="small" aria-label={named('bots.try')} onClick={() => setOpen('dry')}>
          <SearchIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('bots.run')}>
        <IconButton size="small" aria-label={named('bots.run')} onClick={() => setOpen('run')}>
          <PlayArrowIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('bots.runs')}>
        <IconButton size="small" component={Link} to={runs} aria-label={named('bots.runs')}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {record.action === 'webhook' && (
        <Tooltip title={translate('bots.secret')}>
          <IconButton
            size="small"
            aria-label={named('bots.secret')}
            onClick={() => setOpen('secret')}
          >
            <KeyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {open === 'secret' ? (
        <BotSecretDialog bot={record} onClose={() => setOpen(null)} />
      ) : (
        open && <BotRunDialog bot={record} dry={open === 'dry'} onClose={() => setOpen(null)} />
      )}
    </span>
  );
}
