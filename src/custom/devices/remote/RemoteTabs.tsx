import type { DeviceForEdit } from '../../../dataProvider';
import { HelpdeskTab } from './HelpdeskTab';
import { LocationTab } from './LocationTab';
import { LogsTab } from './LogsTab';
import { ReplicaTab } from './ReplicaTab';
import { ProvisionTab } from '../provisioning/ProvisionTab';
import { SettingsTab } from './SettingsTab';
import { UpdatesTab } from './UpdatesTab';

/** The edit dialog's tabs of remote operations, after Dispositivo and Inventario. */
export const REMOTE_TABS = [
  'updates',
  'replica',
  'logs',
  'provision',
  'helpdesk',
  'location',
  'settings',
] as const;
export type RemoteTabName = (typeof REMOTE_TABS)[number];

/** A tab's label key: the Provision tab's is the provisioning area's. */
export const remoteTabLabel = (name: RemoteTabName) =>
  name === 'provision' ? 'provisioning.tab' : `remote.tabs.${name}`;

export function RemoteTabPanel({
  tab,
  database,
  device,
  canCommand,
  projectName,
}: {
  tab: RemoteTabName;
  database: number;
  device: DeviceForEdit;
  canCommand: boolean;
  /** The project's name, for the lists' exports. */
  projectName: string;
}) {
  switch (tab) {
    case 'updates':
      return <UpdatesTab database={database} mid={device.MID} canChange={canCommand} />;
    case 'replica':
      return <ReplicaTab database={database} mid={device.MID} owner={projectName} />;
    case 'logs':
      return <LogsTab database={database} mid={device.MID} owner={projectName} />;
    case 'provision':
      return <ProvisionTab database={database} mid={device.MID} owner={projectName} />;
    case 'helpdesk':
      return (
        <HelpdeskTab
          database={database}
          mid={device.MID}
          canCommand={canCommand}
          owner={projectName}
        />
      );
    case 'location':
      return (
        <LocationTab
          database={database}
          deviceId={device.ID!}
          mid={device.MID}
          position={device.Position}
          canCommand={canCommand}
        />
      );
    case 'settings':
      return <SettingsTab database={database} mid={device.MID} platform={device.DEVICE_TYPE} />;
  }
}
