export { createServiceClient, type CallService } from './callService';
export { createDataProvider, type FlotaDataProvider } from './dataProvider';
export type * from './types';
export { useSession, SESSION_QUERY_KEY } from './useSession';
export type * from './deviceTypes';
export { LARGEST_PAGE } from './deviceCalls';
