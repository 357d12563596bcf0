import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PLATFORM_MODELS } from '../../../protocol/resources/platform-models';
import { PLATFORMS_RESOURCE } from '../../../protocol/resources/platforms';
import { SettingsResourceList } from './SettingsResourceList';

/**
 * The Plataformas tab of /app/setting: the project's platforms (active or not, with their
 * number of models) and the models of each, added, renamed and removed there (000 §3 Platform,
 * 002 §7 admplatforms). Both are declared resources (protocol/resources/platforms.ts,
 * platform-models.ts).
 */
export function PlatformsTab({ database }: { database: number }) {
  const translate = useTranslate();
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <SettingsResourceList
        definition={PLATFORMS_RESOURCE}
        database={database}
        intro={translate('projectSettings.platforms.intro')}
      />
      <SettingsResourceList
        definition={PLATFORM_MODELS}
        database={database}
        intro={translate('projectSettings.models.intro')}
      />
    </Stack>
  );
}
