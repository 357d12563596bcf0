import { z } from 'zod';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { ENTITY_KEY } from '../../protocol/resource-entity';

/**
 * A record's key (docs/resources.md, "Text keys"): a number the table generates, or a text for a
 * definition that declares `keyType: 'text'` (a mapped table keyed by a name: the identity
 * clients' `clientid`).
 */
export type RecordKey = number | string;

/** Whether a definition's records are keyed by a text. */
export const hasTextKey = (definition: ResourceDefinition) =>
  definition.storage?.keyType === 'text';

/** A text key as a call sends it: letters, digits and `.`, `_`, `-`, as a URL's path carries it. */
export const textKeySchema = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().trim().min(1).max(200));

/**
 * The key's parameter of a show, an edit or a delete of a definition with a text key, put over
 * the numeric one (`{id: textKeySchema}`); none for a numeric key.
 */
export const keyShape = (definition: ResourceDefinition): z.ZodRawShape =>
  hasTextKey(definition) ? { [ENTITY_KEY]: textKeySchema } : {};

/** A revision's `record` as the record's key: the text itself, or its number. */
export const keyOfRecord = (definition: ResourceDefinition, record: string): RecordKey =>
  hasTextKey(definition) ? record : Number(record);
