import { actionsLog } from './admin/actions';
import { companies, updateCompanyState } from './admin/companies';
import { enrolmentToken } from './devices/enrolment';
import { deviceForEdit } from './devices/edit';
import { createdevicelic, deviceDevicesApplication } from './devices/licence';
import { devicesWithPages } from './devices/list';
import { activeDevices, applications, devices, users } from './devices/lookups';
import { activitydevices, graph } from './devices/overview';
import { saveDevice } from './devices/save';
import { devicesByDatabase } from './devices/search';
import { deviceDelete, setPendingDevices } from './devices/state';
import { projectAccess } from './projects/access';
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
    enrolmentToken,
    projectAccess,
    devicesWithPages,
    activeDevices,
    devices,
    deviceForEdit,
    saveDevice,
    createdevicelic,
    deviceDelete,
    setPendingDevices,
    users,
    applications,
    deviceDevicesApplication,
    activitydevices,
    graph,
    devicesByDatabase,
  );
}
