import { Suspense, lazy, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, TextField } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SaveIcon from '@mui/icons-material/Save';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { checkStatement, usesMid } from '../../../../protocol/selection';
import type { FlotaDataProvider } from '../../../dataProvider';
import { ResultGrid, type RunOutcome } from '../../reports/ResultGrid';
import { withMonacoLanguage } from '../../resources/lazyMonaco';

const SqlEditor = lazy(withMonacoLanguage(() => import('../../reports/SqlEditor')));

/**
 * The second SQL editor of the tables screen (001 §2): a selection statement with the statement
 * check of 000 §4 — checked once it has content and passed a test (or is the saved one), reset
 * when the text differs from that, cleared when empty — the standard and advanced statements, the MID to
 * test ##MID## with, a test that runs it on the server and a save.
 */
export function StatementEditor({
  database,
  table,
  kind,
  value,
  stored,
  onChange,
  readOnly,
  onSave,
  saving,
}: {
  database: number;
  table: string;
  kind: 'replica' | 'provision';
  value: string;
  /** The saved statement: the server checked it when it was saved. */
  stored: string;
  onChange(value: string): void;
  readOnly: boolean;
  onSave?(mid: string): void;
  saving?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [mid, setMid] = useState('');
  const [tested, setTested] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const checked = value.trim() !== '' && (tested === value || stored === value);

  const problem = (): string | null => {
    const found = checkStatement(value, mid);
    if (found === 'empty') return translate('selection.check.empty');
    if (found === 'forbidden') return translate('selection.check.forbidden');
    if (found === 'midRequired') return translate('selection.mid_required');
    return null;
  };

  const test = async () => {
    const refused = problem();
    if (refused) return setOutcome({ error: refused });
    setRunning(true);
    setOutcome(null);
    try {
      const answer = await dataProvider.checkSelection(database, kind, {
        TABLENAME: table,
        STATEMENT: value,
        MID: mid.trim() || undefined,
      });
      setTested(value);
      setOutcome({ result: answer.result });
      notify(answer.message, { type: 'success' });
    } catch (error) {
      setTested(null);
      setOutcome({ error: (error as Error).message });
    } finally {
      setRunning(false);
    }
  };

  const generate = async (advanced: boolean) => {
    const answer = advanced
      ? await dataProvider.advancedStatement(database, table)
      : await dataProvider.standardStatement(database, table);
    onChange(answer.STATEMENT);
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Box
        sx={{ height: 160, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <Suspense fallback={<LinearProgress />}>
          <SqlEditor
            value={value}
            onChange={onChange}
            readOnly={readOnly}
            label={translate(
              kind === 'replica' ? 'selection.editor.label' : 'selection.provisioning.label',
            )}
            path={`inmemory://flota/selection-${kind}-${database}-${table}.sql`}
            onRun={() => void test()}
          />
        </Suspense>
      </Box>
      <Box sx={{ typography: 'caption', color: 'text.secondary' }}>
        {translate('selection.editor.help')}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {!readOnly && (
          <>
            <Button variant="outlined" size="small" onClick={() => void generate(false)}>
              {translate('selection.editor.standard')}
            </Button>
            <Button variant="outlined" size="small" onClick={() => void generate(true)}>
              {translate('selection.editor.advanced')}
            </Button>
          </>
        )}
        {usesMid(value) && (
          <TextField
            size="small"
            label={translate('selection.editor.mid')}
            value={mid}
            onChange={(event) => setMid(event.target.value)}
            sx={{ width: 200 }}
          />
        )}
        <Button
          variant="contained"
          size="small"
          startIcon={<PlayArrowIcon />}
          onClick={() => void test()}
          disabled={running}
        >
          {translate('selection.editor.test')}
        </Button>
        {onSave && !readOnly && (
          <Button
            variant="contained"
            color="secondary"
            size="small"
            startIcon={<SaveIcon />}
            onClick={() => onSave(mid.trim())}
            disabled={saving}
          >
            {translate('selection.editor.save')}
          </Button>
        )}
        {value.trim() !== '' && (
          <Chip
            size="small"
            color={checked ? 'success' : 'default'}
            label={translate(checked ? 'selection.editor.checked' : 'selection.editor.not_checked')}
          />
        )}
      </Stack>
      {running && <LinearProgress />}
      {readOnly && <Alert severity="info">{translate('selection.editor.read_only')}</Alert>}
      {outcome && (
        <ResultGrid
          outcome={outcome}
          title={`${table}-selection`}
          running={false}
          pageSize={10}
          heading={translate('selection.editor.result')}
        />
      )}
    </Stack>
  );
}
