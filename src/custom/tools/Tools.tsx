import { useState } from 'react';
import { Box, Button, TextField, Typography } from '@mui/material';
import { Confirm, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { FlotaDataProvider } from '../../dataProvider';
import { ToolCard } from './ToolCard';

/**
 * `/app/tools` (000 §2, "not shown" by the specification): the administrator's maintenance tasks
 * as cards, each an operation the server checks and logs (docs/decisions.md).
 */
export default function Tools() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [login, setLogin] = useState('');
  const [days, setDays] = useState(90);
  const [busy, setBusy] = useState<string | null>(null);
  // The tasks that delete ask first, naming what goes.
  const [asking, setAsking] = useState<'purge' | 'helpdesk' | null>(null);

  const run = async (name: string, task: () => Promise<string>) => {
    setBusy(name);
    try {
      notify(await task(), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const purge = () =>
    run('purge', async () => {
      const { purged } = await dataProvider.purgeDeletedNow();
      return translate('tools.purge.done', { n: purged.length });
    });
  const clear = () =>
    run('helpdesk', async () => {
      const { files } = await dataProvider.clearHelpdesk(days);
      return translate('tools.helpdesk.done', { n: files });
    });
  const resend = () =>
    run('password', async () => {
      const { email, mailed } = await dataProvider.resendPasswordMail(login.trim());
      return translate(mailed ? 'tools.password.done' : 'tools.password.queued', { email });
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="tools.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('tools.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('tools.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <ToolCard name="purge">
          <Button variant="contained" disabled={busy !== null} onClick={() => setAsking('purge')}>
            {translate('tools.run')}
          </Button>
        </ToolCard>
        <ToolCard name="password">
          <TextField
            size="small"
            label={translate('tools.password.login')}
            value={login}
            onChange={(event) => setLogin(event.target.value)}
            inputProps={{ maxLength: 100 }}
          />
          <Button
            variant="contained"
            disabled={busy !== null || login.trim() === ''}
            onClick={resend}
          >
            {translate('tools.run')}
          </Button>
        </ToolCard>
        <ToolCard name="helpdesk">
          <TextField
            size="small"
            type="number"
            label={translate('tools.helpdesk.days')}
            value={days}
            onChange={(event) => setDays(Math.max(1, Number(event.target.value) || 1))}
            inputProps={{ min: 1, max: 3650 }}
            sx={{ width: 120 }}
          />
          <Button
            variant="contained"
            disabled={busy !== null}
            onClick={() => setAsking('helpdesk')}
          >
            {translate('tools.run')}
          </Button>
        </ToolCard>
        <ToolCard name="export">
          <Button component={Link} to="/app/actions" variant="outlined">
            {translate('tools.export.open')}
          </Button>
        </ToolCard>
        <ToolCard name="logs">
          <Button component={Link} to="/app/logs" variant="outlined">
            {translate('tools.export.open')}
          </Button>
        </ToolCard>
      </Box>
      <Confirm
        isOpen={asking !== null}
        title={`tools.${asking ?? 'purge'}.title`}
        content={`tools.${asking ?? 'purge'}.confirm`}
        translateOptions={{ days }}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          const task = asking === 'purge' ? purge : clear;
          setAsking(null);
          void task();
        }}
      />
    </Box>
  );
}
