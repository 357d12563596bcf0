import { PATHS, servedPath } from '../../paths';

/** The state name of the environments dashboard in the `redirect` parameter (000 §2). */
export const DASHBOARD_STATE = 'app.mam';

export interface ConnectParams {
  server?: string | null;
  database?: string | null;
  redirect?: string | null;
}

/** `/app/serverconnect` with the parameters that have a value. */
export function connectPath({ server, database, redirect }: ConnectParams): string {
  const params = new URLSearchParams();
  if (server) params.set('server', server);
  if (database) params.set('database', database);
  if (redirect) params.set('redirect', redirect);
  const query = params.toString();
  return query ? `${PATHS.serverconnect}?${query}` : PATHS.serverconnect;
}

/**
 * Where the environments dashboard goes on its own (000 §2), or null to show it: a redirect
 * other than app.mam goes to the connect screen for the given server and database; with only
 * one environment and no redirect, straight to that environment's connect screen.
 */
export function dashboardRedirect(
  params: { redirect: string | null; serverid: string | null; database: string | null },
  environmentIds: readonly number[] | undefined,
): string | null {
  const { redirect, serverid, database } = params;
  if (redirect && redirect !== DASHBOARD_STATE) {
    return connectPath({ server: serverid, database, redirect });
  }
  if (!redirect && environmentIds?.length === 1) {
    return connectPath({ server: String(environmentIds[0]) });
  }
  return null;
}

/** The dashboard itself, kept from sending the user straight on. */
export const DASHBOARD_PATH = `${PATHS.mam}?redirect=${DASHBOARD_STATE}`;

/**
 * The screen a `redirect` state names (`app.mamdash` → /app/mamdash), when this console has it;
 * the connect screen opens the given database there.
 */
export function redirectPath(redirect: string | null): string | null {
  const match = /^app\.(\w+)$/.exec(redirect ?? '');
  if (!match || redirect === DASHBOARD_STATE) return null;
  const path = `/app/${match[1]}`;
  return servedPath(path) === path ? path : null;
}
