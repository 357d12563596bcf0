import { SelectInput, useLocale } from 'react-admin';
import { PLATFORMS, PLATFORM_LABELS } from '../../../../protocol/devices';

/**
 * The device picker's platform, always shown beside its toolbar and sent as the list call's
 * own `platform` parameter (protocol/resources/group-picker.ts); empty is every platform.
 */
export function PlatformFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const choices = PLATFORMS.map((code) => ({ id: code, name: PLATFORM_LABELS[code][language] }));
  return (
    <SelectInput
      source={source}
      label="groups.editor.platform"
      choices={choices}
      translateChoice={false}
      emptyText="groups.editor.all_platforms"
      helperText={false}
    />
  );
}
