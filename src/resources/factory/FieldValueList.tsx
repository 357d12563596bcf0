import { Box, Typography } from '@mui/material';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { DefinitionValue } from './DefinitionValue';

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** Fields shown to a reader: a definition list of each field's label and value (— when empty). */
export function FieldValueList({
  fields,
  record,
  label,
}: {
  fields: FieldSchema[];
  record: Record<string, unknown> | undefined;
  label: (field: FieldSchema) => string;
}) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', gap: 1, m: 0 }}
    >
      {fields.map((field) => (
        <Box key={field.source} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label(field)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {empty(record?.[field.source]) ? (
              '—'
            ) : (
              <DefinitionValue field={field} value={record?.[field.source]} />
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
