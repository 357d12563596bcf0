/**
 * The generic schema-driven list machinery (protocol/resource-schema.ts): a resource declared by
 * its fields gets from here its columns, per-column filter row and exports. Nothing in this
 * folder knows a particular resource.
 */
export { BUILT_IN_SCHEMAS } from './builtInSchemas';
export { ExportMenu } from './ExportMenu';
export { EXPORT_ROW_CAP, fetchAllRows, type FetchPage } from './fetchAllRows';
export { fieldLabel, useFieldLabel } from './fieldLabel';
export { FieldValue } from './FieldValue';
export { FilterRow, rowFilterCount } from './FilterRow';
export { keyAsId } from './keyAsId';
export { InteractiveBody, RowEventsProvider, type RowEvents } from './RowEvents';
export { useSchemaColumns } from './SchemaColumns';
export { SchemaWarnings } from './SchemaWarnings';
export { useListPageFetcher } from './useListPageFetcher';
export { isUnknownOperation, RESOURCE_SCHEMA_KEY, useResourceSchema } from './useResourceSchema';
