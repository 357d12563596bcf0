import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import type { ResourceSchema } from '../../../protocol/resource-schema';

/**
 * The schemas declared in protocol/, by resource name: what useResourceSchema shows while the
 * server does not know the `resourceSchema` operation. Each schema-driven resource adds its line.
 */
export const BUILT_IN_SCHEMAS: Readonly<Record<string, ResourceSchema>> = {
  [DEVICE_LIST_SCHEMA.name]: DEVICE_LIST_SCHEMA,
};
