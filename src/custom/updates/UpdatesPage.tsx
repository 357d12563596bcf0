import { useEffect } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../paths';
import { ProjectScreen } from '../../project/ProjectScreen';
import { midsOf } from './midsOf';
import { NewUpdate } from './NewUpdate';
import { UpdatePanel } from './UpdatePanel';
import { usePublishRights } from './usePublishRights';

/** The new update form's own address (issue 33, point 15): Back returns to the list. */
const NEW_UPDATE_PATH = PATHS.newUpdate;

/**
 * `/app/updates` (000 §2 "Updates screen"): the project's updates in three panels (Totals,
 * Pending and Confirmed per device); `/app/updates/new`, the new update form. Opened from the
 * device list with `mid` (and `name`), the form starts a licence update for those devices.
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
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mids = midsOf(params);
  const rights = usePublishRights(database);
  const view = location.pathname.replace(/\/+$/, '') === NEW_UPDATE_PATH ? 'new' : 'overview';
  const canPublish = rights === 'all' || rights === 'licence';
  // The device list's "Actualizar" names its devices on /app/updates: the form has its address.
  const fromDevices = view === 'overview' && mids.length > 0;
  useEffect(() => {
    if (fromDevices)
      navigate({ pathname: NEW_UPDATE_PATH, search: location.search }, { replace: true });
  }, [fromDevices, navigate, location.search]);
  // The exit button (000 §4): back to the overview (the entry it was opened from, so that the
  // browser's Back does not return to the form), or the new update form when already there.
  const exit = () => {
    if (view === 'new') {
      if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
      else navigate({ pathname: PATHS.updates, search: listSearch(params) }, { replace: true });
    } else {
      navigate(
        { pathname: NEW_UPDATE_PATH, search: listSearch(params) },
        { state: { fromList: true } },
      );
    }
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

/** The address's parameters without the device list's `mid` and `name` (the project stays). */
function listSearch(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('mid');
  next.delete('name');
  const text = next.toString();
  return text ? `?${text}` : '';
}
