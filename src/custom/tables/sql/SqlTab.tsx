import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useDataProvider, useStore, useTranslate } from 'react-admin';
import type { SqlResult, StatementResult } from '../../../../protocol/reports';
import type { FlotaDataProvider } from '../../../dataProvider';
import { ResultGrid } from '../../reports/ResultGrid';
import type { TableTabProps } from '../tabProps';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { StatementResults } from './StatementResults';
import { cachedSource, tablesIn } from './sqlCompletion';
import { withMonacoLanguage } from '../../resources/lazyMonaco';

const SqlEditor = lazy(withMonacoLanguage(() => import('../../reports/SqlEditor')));

type Outcome =
  { results: StatementResult[]; statements: number } | { error: string } | { cancelled: true };

/**
 * Tab 3 of the tables screen (001 §2, issue 16 part 3): free SQL on the chosen database, run as
 * the project's own PostgreSQL role (read-only without write on node 2: the server decides),
 * with completion of its tables and columns, a grid per statement and a cancel that stops the
 * statement in PostgreSQL (the server cancels it when the call is abandoned).
 */
export function SqlTab({ database, source, readOnly }: TableTabProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  // The editor follows its own state: the store, kept for a later visit, answers a moment
  // later, and an editor given its older text would reset what was just typed.
  const [stored, store] = useStore(`sqltables.sql.${database}.${source}`, '');
  const [text, setTextNow] = useState(stored);
  const setText = (next: string) => {
    setTextNow(next);
    store(next);
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const completion = useMemo(
    () =>
      cachedSource({
        tables: async () =>
          (await dataProvider.consoleTables(database, source)).map((table) => table.name),
        columns: async (table) =>
          (await dataProvider.consoleColumns(database, source, table)).map(
            (column) => column.COLUMN_NAME,
          ),
      }),
    [dataProvider, database, source],
  );

  // The names completion offers are asked for ahead (the tables at once, the columns of the
  // tables the text names as it is written), so a completion never waits for the server.
  const named = useDebouncedValue(text, 300);
  useEffect(() => {
    completion
      .tables()
      .then((tables) => Promise.all(tablesIn(named, tables).map(completion.columns)))
      .catch(() => undefined);
  }, [completion, named]);

  const run = async () => {
    if (running) return;
    if (text.trim() === '') return setOutcome({ error: translate('sql_console.empty') });
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setOutcome(null);
    try {
      const result: SqlResult = await dataProvider.runConsoleSql(
        database,
        source,
        text,
        controller.signal,
      );
      setOutcome({ results: result.Results ?? [], statements: result.Statements });
    } catch (error) {
      setOutcome(
        controller.signal.aborted ? { cancelled: true } : { error: (error as Error).message },
      );
    } finally {
      abort.current = null;
      setRunning(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Alert severity="info">
        {translate(readOnly ? 'sql_console.read_only' : 'sql_console.writable')}
      </Alert>
      <Box
        data-testid="sql-console-editor"
        sx={{ height: 220, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <Suspense fallback={<LinearProgress />}>
          <SqlEditor
            value={text}
            onChange={setText}
            readOnly={false}
            label={translate('sql_console.editor')}
            path={`inmemory://flota/console-${database}-${source}.sql`}
            completion={completion}
            onRun={() => void run()}
          />
        </Suspense>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('sql_console.help')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => void run()}
          disabled={running}
        >
          {translate('sql_console.run')}
        </Button>
        {running && (
          <Button
            color="warning"
            variant="outlined"
            startIcon={<StopIcon />}
            onClick={() => abort.current?.abort()}
          >
            {translate('sql_console.cancel')}
          </Button>
        )}
      </Stack>
      {running && <LinearProgress aria-label={translate('sql_console.running')} />}
      {outcome && 'cancelled' in outcome && (
        <Alert severity="warning">{translate('sql_console.cancelled')}</Alert>
      )}
      {outcome && 'error' in outcome && (
        <ResultGrid outcome={outcome} title="sql" running={false} pageSize={10} />
      )}
      {outcome && 'results' in outcome && (
        <StatementResults results={outcome.results} statements={outcome.statements} />
      )}
    </Stack>
  );
}
