import { Alert, Box, Button, Grid, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Loading, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { overrideJsonSchema } from '../../../protocol/override-json-schema';
import {
  mergeOverrides,
  resourceOverrideSchema,
  type OverrideTarget,
} from '../../../protocol/resource-override';
import type { FlotaDataProvider } from '../../dataProvider';
import type { OverrideScopeRequest } from '../../dataProvider/overrideCalls';
import { EFFECTIVE_OVERRIDES_KEY } from '../../resources/overrides/useOverriddenDefinition';
import { useFieldLabel } from '../../resources/schema/fieldLabel';
import { RESOURCE_SCHEMA_KEY } from '../../resources/schema/useResourceSchema';
import { OverrideHistory } from './OverrideHistory';
import { OverridePreview } from './OverridePreview';
import { withMonacoLanguage } from './lazyMonaco';

const OverrideEditor = lazy(withMonacoLanguage(() => import('./OverrideEditor')));

export const SCOPE_OVERRIDE_KEY = ['flota', 'scopeOverride'] as const;

/** What a new customisation starts from: the keys an operator uses most. */
const TEMPLATE = { hide: [], order: [], fields: {} };

const pretty = (json: unknown) => JSON.stringify(json, null, 2);

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

/** One scope's override of one resource: the JSON editor, the list preview and the history. */
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
  const label = useFieldLabel(target.name);
  const schema = useMemo(
    () => overrideJsonSchema(target, language, label),
    [target, language, label],
  );
  const saved = current.data ? pretty(current.data.override ?? TEMPLATE) : '';
  const shown = text ?? saved;
  const parsed = parse(shown);
  const previewed = resourceOverrideSchema.safeParse(parsed.json);
  const merged = mergeOverrides([
    current.data?.below,
    previewed.success ? previewed.data : undefined,
  ]);

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
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate('customise.editor')} ·{' '}
          {current.data.version === null
            ? translate('customise.no_version')
            : translate('customise.version', { version: current.data.version })}
        </Typography>
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
              label={translate('customise.editor')}
            />
          </Suspense>
        </Box>
        {parsed.error && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('customise.invalid_json', { error: parsed.error })}
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
            disabled={busy || parsed.error !== null}
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
            onClick={() => send(null, 'customise.removed')}
          >
            {translate('customise.remove')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
        <OverridePreview target={target} override={merged} database={database} />
      </Grid>
      <Grid size={12} sx={{ minWidth: 0 }}>
        <OverrideHistory request={request} onRestored={afterSave} />
      </Grid>
    </Grid>
  );
}
