import { botCalls } from './botCalls';
import { customCalls } from './customCalls';
import { mdmCalls } from './mdmCalls';
import type { CallService } from './callService';
import { definitionCalls } from './definitionCalls';
import { environmentCalls } from './environmentCalls';
import { frameworkCalls } from './frameworkCalls';
import { groupCalls } from './groupCalls';
import { kioskCalls } from './kioskCalls';
import { organizationCalls } from './organizationCalls';
import { overrideCalls } from './overrideCalls';
import { projectCalls } from './projectCalls';
import { projectFileCalls } from './projectFileCalls';
import { provisioningCalls } from './provisioningCalls';
import { remoteCalls } from './remoteCalls';
import { reportCalls } from './reportCalls';
import { revisionCalls } from './revisionCalls';
import { selectionCalls } from './selectionCalls';
import { sqlConsoleCalls } from './sqlConsoleCalls';
import { statisticsCalls } from './statisticsCalls';
import { tableCalls } from './tableCalls';
import { toolCalls } from './toolCalls';
import { updateCalls } from './updateCalls';
import { userCalls } from './userCalls';

/**
 * The calls home never makes, one chunk that the data provider fetches with the first of them
 * (dataProvider.ts, `laterCallsOnDemand`): home asks only for its session, menu, notifications,
 * projects and fleet figures, and these modules (with the protocol files they import) are about
 * a fifth of the app's own code.
 */
export function laterCalls(callService: CallService) {
  return {
    // The declared resources: react-admin's CRUD verbs (getList, getOne, …) and bulkAction.
    ...definitionCalls(callService),
    ...remoteCalls(callService),
    ...environmentCalls(callService),
    ...projectCalls(callService),
    ...overrideCalls(callService),
    ...userCalls(callService),
    ...toolCalls(callService),
    ...revisionCalls(callService),
    ...statisticsCalls(callService),
    ...organizationCalls(callService),
    ...projectFileCalls(callService),
    ...groupCalls(callService),
    ...updateCalls(callService),
    ...reportCalls(callService),
    ...sqlConsoleCalls(callService),
    ...tableCalls(callService),
    ...provisioningCalls(callService),
    ...selectionCalls(callService),
    ...kioskCalls(callService),
    ...botCalls(callService),
    ...frameworkCalls(callService),
    ...customCalls(callService),
    ...mdmCalls(callService),
  };
}

export type LaterCalls = ReturnType<typeof laterCalls>;
