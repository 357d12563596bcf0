import { SchemaWarnings, useResourceSchema } from '../../resources/schema';
import type { ListSlotProps } from '../../resources/slots';

/**
 * Above the device table (its `header` slot): the deployment's added columns this project
 * lacks, as the server said when it answered the project's schema.
 */
export function DeviceSchemaWarnings({ database }: ListSlotProps) {
  const schema = useResourceSchema('devicelist', database ?? 0);
  return schema.data ? <SchemaWarnings schema={schema.data} /> : null;
}
