import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { applyOverride } from '../../../protocol/apply-override';
import type { OverrideTarget, ResourceOverride } from '../../../protocol/resource-override';
import { resourceDefinition } from '../../resources/declared';
import type { FlotaDataProvider } from '../../dataProvider';
import { cellText } from '../../resources/factory/cellText';
import { useFieldLabel } from '../../resources/schema/fieldLabel';

const SAMPLE_ROWS = 5;

interface PreviewProps {
  target: OverrideTarget;
  /** Every layer, the editor's text last. */
  override: ResourceOverride;
  database: number | null;
  /** Why the editor's text cannot be applied: the preview says so instead of showing a table. */
  problems: string[];
}

/**
 * The list as the editor's text would leave it: its columns in order with their labels, over the
 * first rows the caller can see, and the fields it hides. It changes as the text is typed; while
 * the text cannot be applied, or the rows cannot be read, it says why instead of showing an older
 * state.
 */
export function OverridePreview({ target, override, database, problems }: PreviewProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const label = useFieldLabel(target.name);
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const project = target.scope === 'project';
  const sort = resourceDefinition(target.name)?.sort ?? { field: 'ID', order: 'DESC' as const };
  const rows = useQuery({
    queryKey: ['flota', 'overridePreview', target.name, project ? database : null],
    queryFn: ({ signal }) =>
      dataProvider.getList(target.name, {
        pagination: { page: 1, perPage: SAMPLE_ROWS },
        sort,
        filter: project ? { database } : {},
        signal,
      }),
    enabled: !project || database !== null,
    staleTime: 60_000,
  });
  const { fields } = applyOverride({ fields: target.fields }, override);
  const columns = fields.filter((field) => field.list);
  const shown = new Set(columns.map((field) => field.source));
  const hidden = target.fields.filter((field) => !shown.has(field.source));
  const value = (field: (typeof columns)[number], raw: unknown) =>
    typeof raw === 'boolean'
      ? translate(raw ? 'ra.boolean.true' : 'ra.boolean.false')
      : cellText(field, raw, language);
  const heading = (
    <Typography variant="subtitle2" component="h2">
      {translate('customise.preview')}
    </Typography>
  );
  const why =
    problems.length > 0
      ? problems
      : project && database === null
        ? [translate('customise.preview_no_project')]
        : rows.error
          ? [(rows.error as Error).message]
          : [];
  if (why.length > 0) {
    return (
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        {heading}
        <Alert severity="info" sx={{ mt: 1 }} data-testid="override-preview-blocked">
          <AlertTitle>{translate('customise.preview_blocked')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {why.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </Alert>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      {heading}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('customise.preview_hint')}
      </Typography>
      <Box
        // Width 0 and at least the parent's: a wide table scrolls here, never widens the page.
        sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
        tabIndex={0}
        aria-label={translate('customise.preview')}
      >
        <Table size="small" data-testid="override-preview">
          <TableHead>
            <TableRow>
              {columns.map((field) => (
                <TableCell key={field.source} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {label(field)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows.data?.data ?? []).map((row) => (
              <TableRow key={String(row.id)}>
                {columns.map((field) => (
                  <TableCell key={field.source} sx={{ whiteSpace: 'nowrap' }}>
                    {value(field, (row as Record<string, unknown>)[field.source])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.data?.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('customise.preview_empty')}
        </Typography>
      )}
      {hidden.length > 0 && (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            {translate('customise.hidden')}
          </Typography>
          {hidden.map((field) => (
            <Chip key={field.source} size="small" label={label(field)} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
