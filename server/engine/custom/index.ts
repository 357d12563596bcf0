import type { Operation } from '../../services/registry';
import { customDefinitions } from './definitions';
import {
  createCustomEntity,
  customEntities,
  customEntity,
  deleteCustomEntity,
  restoreCustomEntity,
  updateCustomEntity,
} from './entities';
import {
  createCustomField,
  customField,
  customFields,
  deleteCustomField,
  updateCustomField,
} from './fields';
import { customRecordOperations } from './records';

/** What operators add live (issue 34, points 7, 8, 11): every operation, registered once. */
export function customOperations(): Operation[] {
  return [
    ...customRecordOperations(),
    customDefinitions,
    customEntities,
    customEntity,
    createCustomEntity,
    updateCustomEntity,
    deleteCustomEntity,
    restoreCustomEntity,
    customFields,
    customField,
    createCustomField,
    updateCustomField,
    deleteCustomField,
  ];
}
