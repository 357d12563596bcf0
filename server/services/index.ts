import { actionsLog } from './admin/actions';
import { companies, updateCompanyState } from './admin/companies';
import { OperationRegistry } from './registry';
import { notificationRead, notifications } from './session/notifications';
import { pricing, subscribe, updateProfile } from './session/profile';
import { loadState, menu, saveState, session } from './session/session';

/** The single table of what the server does: every operation, by area. */
export function createRegistry(): OperationRegistry {
  return new OperationRegistry().add(
    session,
    menu,
    saveState,
    loadState,
    notifications,
    notificationRead,
    updateProfile,
    pricing,
    subscribe,
    actionsLog,
    companies,
    updateCompanyState,
  );
}
