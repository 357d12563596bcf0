import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { useFieldLabel } from '../schema/fieldLabel';
import { DefinitionValue } from './DefinitionValue';
import { RecordHistory } from './RecordHistory';

type Row = Record<string, unknown> & { id: string | number };

/** JSON as `key: value` lines, the way the list words it, one pair a line. */
function jsonLines(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const part = (v: unknown) =>
    v === null || typeof v !== 'object' ? String(v) : JSON.stringify(v);
  if (Array.isArray(value)) return value.map(part).join('\n');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${part(v)}`)
    .join('\n');
}

interface DefinitionShowProps {
  definition: ResourceDefinition;
  record: Row | null;
  onClose(): void;
}

/**
 * The show view of a declared resource: every field of a row with its label, read-only, for a
 * caller who may list the resource but not edit it (a row of the actions log, a notification).
 * JSON is shown whole, not as the list's one-line summary. Passwords are never shown.
 */
export function DefinitionShow({ definition, record, onClose }: DefinitionShowProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const label = useFieldLabel(definition.name);
  const fields = definition.fields.filter((field) => field.type !== 'password');
  const title = record
    ? String(record[definition.labelField] ?? record.id)
    : definition.title.one[language];
  return (
    <Dialog
      open={record !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="definition-show-title"
    >
      <DialogTitle id="definition-show-title">
        {definition.title.one[language]} · {title}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
          }}
        >
          {record &&
            fields.map((field) => (
              <Box key={field.source} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: { xs: 1, sm: 0 } }}
                >
                  {label(field)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {field.type === 'json' ? (
                    <Box
                      component="pre"
                      sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}
                    >
                      {jsonLines(record[field.source])}
                    </Box>
                  ) : (
                    <DefinitionValue field={field} value={record[field.source]} />
                  )}
                </Typography>
              </Box>
            ))}
        </Box>
        {record && definition.storage && <RecordHistory definition={definition} id={record.id} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
