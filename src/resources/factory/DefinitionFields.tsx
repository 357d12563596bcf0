import { Box, Typography } from '@mui/material';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { useFieldLabel } from '../schema/fieldLabel';
import { DefinitionValue } from './DefinitionValue';

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

interface DefinitionFieldsProps {
  definition: ResourceDefinition;
  /** The record (a row as the list has it, or a typed one). */
  record: object;
  /** The fields shown, in this order; all but passwords when not given. */
  sources?: readonly string[];
  /** The list's accessible name. */
  label?: string;
}

/**
 * A record's fields with their labels, read-only, as the show view has them (the show dialog,
 * a managed device's details): values as the list shows them, JSON whole, never a password.
 */
export function DefinitionFields(props: DefinitionFieldsProps) {
  const { definition, sources, label } = props;
  const record = props.record as Record<string, unknown>;
  const fieldLabel = useFieldLabel(definition.name);
  const fields = sources
    ? sources.flatMap((source) => definition.fields.filter((f) => f.source === source))
    : definition.fields;
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      {fields
        .filter((field) => field.type !== 'password')
        .map((field) => (
          <Box key={field.source} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={{ mt: { xs: 1, sm: 0 } }}
            >
              {fieldLabel(field)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.type === 'json' ? (
                <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
                  {jsonLines(record[field.source])}
                </Box>
              ) : (
                <DefinitionValue field={field} value={record[field.source]} />
              )}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
