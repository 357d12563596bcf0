import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ProjectScreen } from '../project/ProjectScreen';
import { midsOf } from './midsOf';
import { NewUpdate } from './NewUpdate';
import { UpdatePanel } from './UpdatePanel';
import { usePublishRights } from './usePublishRights';

/**
 * `/app/updates` (000 §2 "Updates screen"): the project's updates in three panels (Totals,
 * Pending and Confirmed per device), and the new update view. Opened from the device list with
 * `mid` (and `name`), it starts a licence update for those devices.
 */
export default function UpdatesPage() {
  return (
    <ProjectScreen title="menu.updates">
      {(database) => <UpdatesScreen key={database} database={database} />}
    </ProjectScreen>
  );
}

function UpdatesScreen({ database }: { database: number }) {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const mids = midsOf(params);
  const rights = usePublishRights(database);
  const [view, setView] = useState<'overview' | 'new'>(mids.length > 0 ? 'new' : 'overview');
  const canPublish = rights === 'all' || rights === 'licence';
  // The exit button (000 §4): back to the overview, or a new update when already there.
  const exit = () => {
    if (view === 'new') {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('mid');
          next.delete('name');
          return next;
        },
        { replace: true },
      );
      setView('overview');
    } else setView('new');
  };
  return (
    // No width of its own (tables scroll inside it), so that a phone's screen is never widened.
    <Stack spacing={2} sx={{ width: 0, minWidth: '100%' }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {(view === 'new' || canPublish) && (
          <Button
            variant={view === 'new' ? 'outlined' : 'contained'}
            startIcon={view === 'new' ? <ArrowBackIcon /> : <AddIcon />}
            onClick={exit}
          >
            {translate(view === 'new' ? 'updates.exit_back' : 'updates.exit_new')}
          </Button>
        )}
      </Stack>
      {rights === 'none' && <Alert severity="info">{translate('updates.read_only')}</Alert>}
      {rights === 'licence' && <Alert severity="info">{translate('updates.licence_only')}</Alert>}
      {view === 'new' && canPublish ? (
        <NewUpdate
          database={database}
          licenceOnly={rights === 'licence'}
          initialMids={mids}
          targetName={params.get('name')}
          onDone={exit}
        />
      ) : (
        <>
          <UpdatePanel database={database} panel={1} />
          <UpdatePanel database={database} panel={2} />
          <UpdatePanel database={database} panel={3} />
        </>
      )}
    </Stack>
  );
}
