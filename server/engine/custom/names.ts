import { customRecordsOperation } from '../../../protocol/custom-entity';
import { ENGINE_VERBS } from '../../../protocol/resource-entity';

/** `customRecordsList`, …: the engine's operations of every custom entity's records. */
export const CUSTOM_RECORD_OPERATION_NAMES = ENGINE_VERBS.map(customRecordsOperation);
