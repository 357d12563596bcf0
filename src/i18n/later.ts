import { mergeMessages } from './merge';
import { adminMessages } from './areas/admin';
import { customiseMessages } from './areas/customise';
import { customEntitiesMessages } from './areas/customEntities';
import { deviceEditMessages } from './areas/deviceEdit';
import { devicelistMessages } from './areas/devicelist';
import { environmentsMessages } from './areas/environments';
import { factoryMessages } from './areas/factory';
import { groupsMessages } from './areas/groups';
import { organizationMessages } from './areas/organization';
import { projectFilesMessages } from './areas/projectFiles';
import { projectSettingsMessages } from './areas/projectSettings';
import { projectsMessages } from './areas/projects';
import { remoteMessages } from './areas/remote';
import { reportsMessages } from './areas/reports';
import { statisticsMessages } from './areas/statistics';
import { updatesMessages } from './areas/updates';
import { usersMessages } from './areas/users';
import { tablesMessages } from './areas/tables';
import { selectionMessages } from './areas/selection';
import { provisioningMessages } from './areas/provisioning';
import { sqlConsoleMessages } from './areas/sqlConsole';
import { numbersMessages } from './areas/numbers';
import { showOnlyMessages } from './areas/showOnly';
import { publishConfirmMessages } from './areas/publishConfirm';
import { botMessages } from './areas/bots';
import { liveMessages } from './areas/live';
import { kioskMessages } from './areas/kiosk';
import { kioskPremiumMessages } from './areas/kioskPremium';
import { mdmMessages } from './areas/mdm';
import { frameworksMessages } from './areas/frameworks';
import { mdmDeviceMessages } from './areas/mdmDevice';
import { mdmAdminMessages } from './areas/mdmAdmin';

/**
 * The texts of every area but home's, in both languages: a chunk of its own, loaded with the
 * first screen that is not home (src/i18n/i18nProvider.ts, `loadLaterMessages`), so that the
 * first screen carries only what it shows. A new area's messages go here.
 */
const areas = [
  adminMessages,
  customiseMessages,
  customEntitiesMessages,
  deviceEditMessages,
  devicelistMessages,
  environmentsMessages,
  factoryMessages,
  showOnlyMessages,
  groupsMessages,
  organizationMessages,
  projectFilesMessages,
  projectSettingsMessages,
  projectsMessages,
  remoteMessages,
  reportsMessages,
  statisticsMessages,
  updatesMessages,
  usersMessages,
  tablesMessages,
  selectionMessages,
  provisioningMessages,
  sqlConsoleMessages,
  numbersMessages,
  publishConfirmMessages,
  liveMessages,
  kioskMessages,
  kioskPremiumMessages,
  mdmMessages,
  mdmDeviceMessages,
  mdmAdminMessages,
  botMessages,
  frameworksMessages,
];

export const laterMessages = {
  es: mergeMessages({}, ...areas.map((area) => area.es)),
  en: mergeMessages({}, ...areas.map((area) => area.en)),
};
