import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Grid, Stack } from '@mui/material';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { parseMacros, type ReportMacro } from '../../../protocol/report-macros';
import { NEW_REPORT_ID, type ReportRow } from '../../../protocol/reports';
import type { FlotaDataProvider } from '../../dataProvider';
import type { ReportDraft } from '../../dataProvider/reportCalls';
import { MacroDialog } from './MacroDialog';
import { ReportEditor } from './ReportEditor';
import { ReportList } from './ReportList';
import { ResultGrid, type RunOutcome } from './ResultGrid';

const emptyDraft: ReportDraft = { ID: NEW_REPORT_ID, Title: '', Code: false, SQL: '', Type: '1' };
const draftOf = (row: ReportRow): ReportDraft => ({
  ID: row.ID,
  Title: row.Title,
  Code: row.Code,
  SQL: row.SQL,
  Type: row.Type,
});

/**
 * The reports of one project. The editor is closed (draft null), editing a saved report, or new
 * (ID -1). A saved, unchanged report runs by its ID (the caller may only see reports); a new or
 * changed one sends its SQL, which needs write on 'reports' like saving it would.
 */
export function ReportsWorkspace({ database }: { database: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReportDraft | null>(null);
  const [saved, setSaved] = useState<ReportRow | null>(null);
  const [canCreate, setCanCreate] = useState(false);
  const [macros, setMacros] = useState<ReportMacro[] | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['flota', 'reportsWithPages', database] });
  const writable = saved ? saved.Writable : canCreate;
  const dirty =
    draft !== null && (saved === null || JSON.stringify(draftOf(saved)) !== JSON.stringify(draft));

  const open = (row: ReportRow | null) => {
    setSaved(row);
    setDraft(row ? draftOf(row) : emptyDraft);
    setOutcome(null);
  };
  const close = () => {
    setDraft(null);
    setSaved(null);
    setOutcome(null);
  };
  const execute = async (values: Record<string, string>) => {
    if (!draft) return;
    setMacros(null);
    setRunning(true);
    try {
      const target = dirty ? { SQL: draft.SQL } : { ID: draft.ID };
      setOutcome({ result: await dataProvider.runReport(database, target, values) });
    } catch (error) {
      setOutcome({ error: (error as Error).message });
    } finally {
      setRunning(false);
    }
  };
  const run = () => {
    if (!draft) return;
    if (draft.SQL.trim() === '') return notify('reports.editor.sql_required', { type: 'warning' });
    const found = parseMacros(draft.SQL);
    if (found.length > 0) setMacros(found);
    else void execute({});
  };
  const save = async () => {
    if (!draft) return;
    try {
      const row = await dataProvider.saveReport(database, draft);
      open(row);
      notify('reports.editor.saved', { type: 'success', messageArgs: { title: row.Title } });
      await refresh();
    } catch (error) {
      notify('reports.editor.save_failed', {
        type: 'error',
        messageArgs: { title: draft.Title, description: (error as Error).message },
      });
    }
  };
  const remove = async () => {
    setConfirmDelete(false);
    if (!saved) return;
    try {
      await dataProvider.deleteReport(database, saved.ID);
      setDraft(null);
      setSaved(null);
      notify('reports.editor.deleted', { type: 'info' });
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
        <ReportList
          database={database}
          selected={saved?.ID ?? null}
          onOpen={open}
          onNew={() => open(null)}
          onWritable={setCanCreate}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }} sx={{ minWidth: 0 }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {draft === null ? (
            <Alert severity="info">
              {translate(canCreate ? 'reports.editor.closed' : 'show_only.reports_closed')}
            </Alert>
          ) : (
            <ReportEditor
              draft={draft}
              writable={writable}
              onChange={setDraft}
              onSave={save}
              onDelete={() => setConfirmDelete(true)}
              onRun={run}
              onClose={close}
            />
          )}
          {draft !== null && <ResultGrid outcome={outcome} title={draft.Title} running={running} />}
        </Stack>
      </Grid>
      {macros && <MacroDialog macros={macros} onRun={execute} onClose={() => setMacros(null)} />}
      <Confirm
        isOpen={confirmDelete}
        title="reports.editor.delete"
        content="reports.editor.confirm_delete"
        translateOptions={{ title: saved?.Title ?? '' }}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </Grid>
  );
}
