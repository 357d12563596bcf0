import { useTranslate } from 'react-admin';
import { REPLICATOR_SETTINGS_RESOURCE } from '../../../protocol/resources/replicator-settings';
import { SettingsResourceList } from './SettingsResourceList';

/**
 * The Replicador tab of /app/setting: the project's replicator settings (000 §3), each changed
 * in the Replicator dialog (000 §2, replicator/ReplicatorSettingDialog.tsx, the list's editor).
 */
export function ReplicatorTab({ database }: { database: number }) {
  const translate = useTranslate();
  return (
    <SettingsResourceList
      definition={REPLICATOR_SETTINGS_RESOURCE}
      database={database}
      intro={translate('projectSettings.replicator.intro')}
    />
  );
}
