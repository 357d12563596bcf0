import { DEVICE_LIST_SCHEMA } from '../../protocol/device-schema';
import type { ResourceSchema } from '../../protocol/resource-schema';

/**
 * A resource the server knows: its declared schema and where its rows live in a project schema,
 * which is what a deployment's added columns are resolved against.
 */
export interface BaseResource {
  schema: ResourceSchema;
  /** The project table of the rows; an added `COLUMN` is a column of this table. */
  table: string;
  /** The column an added `table.COLUMN` of another table is joined on. */
  joinColumn: string;
}

export const BASE_RESOURCES: Readonly<Record<string, BaseResource>> = {
  devicelist: { schema: DEVICE_LIST_SCHEMA, table: 'devices', joinColumn: 'MID' },
};

export function baseResource(name: string): BaseResource | undefined {
  return Object.hasOwn(BASE_RESOURCES, name) ? BASE_RESOURCES[name] : undefined;
}
