import type { Operation } from '../registry';
import { SPEC_ALIASES } from './aliases';
import { configuration, directDownloadUrl, kioskServer, logRecorderUrl } from './configuration';
import {
  environmentsByCompany,
  environmentsByEnterprise,
  environmentsWithProject,
  environmentUsers,
} from './environments';
import {
  emmEnabled,
  getAvailableUsers,
  getDatabaseId,
  getUniqueName,
  numberOfProjects,
  sendMessage,
} from './manager';

/**
 * The calls the specification names that were not ours (issue 38), served in its shape: other
 * names for what we do (aliases.ts) and what was missing (docs/api.md, "The specification's
 * names").
 */
export const SPEC_CALLS: Operation[] = [
  ...SPEC_ALIASES,
  getAvailableUsers,
  sendMessage,
  getDatabaseId,
  numberOfProjects,
  emmEnabled,
  getUniqueName,
  environmentsByCompany,
  environmentsWithProject,
  environmentsByEnterprise,
  environmentUsers,
  configuration,
  kioskServer,
  logRecorderUrl,
  directDownloadUrl,
];
