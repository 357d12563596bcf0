import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import MicrosoftIcon from '@mui/icons-material/Microsoft';
import LanguageIcon from '@mui/icons-material/Language';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import DeviceUnknownIcon from '@mui/icons-material/DeviceUnknown';
import { useTranslate } from 'react-admin';
import { PLATFORMS, type PlatformName } from '../../../protocol/devices';
import { Hint } from '../../layout/Hint';

/**
 * How the console shows a platform of 000 §3 (ANDROID, IPHONE, …): one readable name, icon and
 * chart colour per platform, shared by the project overview and the global device search.
 */

const isKnown = (platform: string | null | undefined): platform is PlatformName =>
  typeof platform === 'string' && (PLATFORMS as readonly string[]).includes(platform);

const ICONS: Partial<Record<PlatformName, ComponentType<SvgIconProps>>> = {
  ANDROID: AndroidIcon,
  IPHONE: AppleIcon,
  WINDOWS8: MicrosoftIcon,
  WINDOWS32: MicrosoftIcon,
  WP7: MicrosoftIcon,
  WEB: LanguageIcon,
};

/** Fixed per platform, so a platform keeps its colour from one project's chart to the next. */
const COLOURS: Record<PlatformName, string> = {
  ANDROID: '#3ddc84',
  IPHONE: '#5f6368',
  BLACKBERRY: '#1a237e',
  LINUX: '#f9a825',
  POCKETPC: '#8d6e63',
  MOVILCOMPLUS: '#ab47bc',
  WINDOWS8: '#0078d4',
  WINDOWS32: '#00a4ef',
  WP7: '#68217a',
  BB10: '#26a69a',
  WEB: '#ef6c00',
};
const NO_PLATFORM_COLOUR = '#bdbdbd';

export function platformColour(platform: string | null): string {
  return isKnown(platform) ? COLOURS[platform] : NO_PLATFORM_COLOUR;
}

/** The readable name of a platform; a name the console does not know is shown as it came. */
export function usePlatformLabel() {
  const translate = useTranslate();
  return (platform: string | null | undefined) =>
    isKnown(platform)
      ? translate(`mam.platforms.${platform}`)
      : platform || translate('mam.platforms.none');
}

/** The platform's icon, named by its readable name for screen readers and on hover. */
export function PlatformIcon({ platform, ...props }: { platform: string | null } & SvgIconProps) {
  const label = usePlatformLabel()(platform);
  const Icon = isKnown(platform) ? (ICONS[platform] ?? PhoneIphoneIcon) : DeviceUnknownIcon;
  return (
    <Hint title={label}>
      <Icon titleAccess={label} {...props} />
    </Hint>
  );
}
