import { Alert, Box, Button, Grid, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Confirm, Loading, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { checkOverride } from '../../../protocol/override-check';
import { overrideJsonSchema } from '../../../protocol/override-json-schema';
import {
  mergeOverrides,
  type OverrideTarget,
  type ResourceOverride,
} from '../../../protocol/resource-override';
import type { FlotaDataProvider } from '../../dataProvider';
import type { OverrideScopeRequest } from '../../dataProvider/overrideCalls';
import { EFFECTIVE_OVERRIDES_KEY } from '../../resources/overrides/useOverriddenDefinition';
import { useFieldLabel } from '../../resources/schema/fieldLabel';
import { RESOURCE_SCHEMA_KEY } from '../../resources/schema/useResourceSchema';
import { OverrideForm } from './OverrideForm';
import { OverrideHistory } from './OverrideHistory';
import { OverridePreview } from './OverridePreview';
import { withMonacoLanguage } from './lazyMonaco';

const OverrideEditor = lazy(withMonacoLanguage(() => import('./OverrideEditor')));

export const SCOPE_OVERRIDE_KEY = ['flota', 'scopeOverride'] as const;

/** What a new customisation starts from: the keys an operator uses most. */
const TEMPLATE = { hide: [], order: [], fields: {} };

const pretty = (json: unknown) => JSON.stringify(json, null, 2);

/** A layer the form changed, as text: without the `add` list resources other than devices lack. */
const layerText = ({ add, ...rest }: ResourceOverride) =>
  pretty(add.length > 0 ? { ...rest, add } : rest);

/** The editor text as JSON, or the parser's complaint. */
function parse(text: string): { json: unknown; error: string | null } {
  try {
    return { json: JSON.parse(text), error: null };
  } catch (error) {
    return { json: undefined, error: (error as Error).message };
  }
}

interface WorkbenchProps {
  target: OverrideTarget;
  request: OverrideScopeRequest;
  database: number | null;
}

/**
 * One scope's override of one resource: the form (the fields in order, each in its dialog) or,
 * as the expert's second tab, the JSON editor — both change the same text —, the list preview,
 * the problems of the text in the reader's language, and the history.
 */
export function OverrideWorkbench({ target, request, database }: WorkbenchProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const current = useQuery({
    queryKey: [...SCOPE_OVERRIDE_KEY, request],
    queryFn: ({ signal }) => dataProvider.scopeOverride(request, signal),
  });
  const [text, setText] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [removing, setRemoving] = useState(false);
  const label = useFieldLabel(target.name);
  const schema = useMemo(
    () => overrideJsonSchema(target, language, label),
    [target, language, label],
  );
  const saved = current.data ? pretty(current.data.override ?? TEMPLATE) : '';
  const shown = text ?? saved;
  const parsed = parse(shown);
  const checked = parsed.error === null ? checkOverride(target, parsed.json, language) : null;
  const layer = checked?.override ?? null;
  // Why the text cannot be previewed (nor saved): the parser's complaint or each problem.
  const problems = parsed.error
    ? [translate('customise.invalid_json', { error: parsed.error })]
    : (checked?.issues ?? []).map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.text);
  const below = mergeOverrides([current.data?.below]);
  const merged = mergeOverrides([below, layer ?? undefined]);

  const afterSave = async (message: string, version: number) => {
    setText(null);
    setRefusal(null);
    notify(message, { type: 'success', messageArgs: { version } });
    // Every screen that shows the resource reads it again: the change applies now.
    await Promise.all(
      [
        SCOPE_OVERRIDE_KEY,
        EFFECTIVE_OVERRIDES_KEY,
        RESOURCE_SCHEMA_KEY,
        ['flota', 'overrideHistory'],
        ['flota', 'customisableResources'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
  const send = async (override: unknown, message: string) => {
    setBusy(true);
    try {
      const { version } = await dataProvider.saveOverride(request, override);
      await afterSave(message, version);
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (current.isPending) return <Loading />;
  if (current.error) return <Alert severity="error">{(current.error as Error).message}</Alert>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h2">
          {translate('customise.editor')} ·{' '}
          {current.data.version === null
            ? translate('customise.no_version')
            : translate('customise.version', { version: current.data.version })}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, next: 'form' | 'json') => setTab(next)}
          aria-label={translate('customise.editor')}
          sx={{ mb: 1 }}
        >
          <Tab value="form" label={translate('customise.tab_form')} />
          <Tab value="json" label={translate('customise.tab_json')} />
        </Tabs>
        {tab === 'form' &&
          (layer ? (
            <OverrideForm
              target={target}
              below={below}
              layer={layer}
              readOnly={busy}
              onChange={(next) => setText(layerText(next))}
            />
          ) : (
            <Alert severity="warning">{translate('customise.form_blocked')}</Alert>
          ))}
        {tab === 'json' && (
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              // Monaco sizes itself to this box; the box never takes Monaco's width as its own.
              width: 0,
              minWidth: '100%',
              height: { xs: 300, sm: 420 },
            }}
          >
            <Suspense fallback={<Loading />}>
              <OverrideEditor
                modelUri={`inmemory://flota/overrides/${target.name}-${request.scope}.json`}
                schema={schema}
                value={shown}
                onChange={setText}
                label={translate('customise.editor_json')}
              />
            </Suspense>
          </Box>
        )}
        {problems.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="override-problems">
            {translate('customise.problems')}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }} role="alert">
            {refusal}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            disabled={busy || layer === null || text === null}
            onClick={() => send(parsed.json, 'customise.saved')}
          >
            {translate('customise.save')}
          </Button>
          <Button
            disabled={busy || text === null}
            onClick={() => (setText(null), setRefusal(null))}
          >
            {translate('customise.discard')}
          </Button>
          <Button
            color="warning"
            disabled={busy || current.data.override === null}
            onClick={() => setRemoving(true)}
          >
            {translate('customise.remove')}
          </Button>
        </Stack>
        <Confirm
          isOpen={removing}
          title={translate('customise.remove_title')}
          content={translate(`customise.remove_content.${request.scope}`, {
            resource: target.title[language],
          })}
          onConfirm={() => (setRemoving(false), send(null, 'customise.removed'))}
          onClose={() => setRemoving(false)}
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
        <OverridePreview
          target={target}
          override={merged}
          database={database}
          problems={problems}
        />
      </Grid>
      <Grid size={12} sx={{ minWidth: 0 }}>
        <OverrideHistory request={request} onRestored={afterSave} />
      </Grid>
    </Grid>
  );
}
