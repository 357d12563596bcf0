import { Alert } from '@mui/material';
import type { ResourceSchema } from '../../../protocol/resource-schema';

/**
 * What the server said about the schema it answered (`resourceSchema` warnings: deployment
 * columns this project lacks), shown to the operator once above the list.
 */
export function SchemaWarnings({ schema }: { schema: ResourceSchema & { warnings?: string[] } }) {
  const warnings = schema.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {warnings.map((warning) => (
        <div key={warning}>{warning}</div>
      ))}
    </Alert>
  );
}
