import { lazy, type ComponentType } from 'react';
import { CustomRoutes, type AuthProvider, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { AccessError } from './access/AccessError';
import { AreaGuard } from './access/AreaGuard';
// Home is in the app's chunk: it is the first screen of nearly every visit, and as a chunk of its
// own it and the modules it shares with later screens came in some 20 small files that compress
// worse apart (docs/decisions.md, "Home's first load under 200 KB"). Every other screen is lazy.
import { Home } from './custom/home/Home';
import { NotAuthorised } from './access/NotAuthorised';
import { LandingRedirect } from './custom/landing/LandingRedirect';
import { i18nProvider, loadLaterMessages } from './i18n/i18nProvider';
import { FlotaAdmin } from './layout/FlotaAdmin';
import { Layout } from './layout/Layout';
import { PATHS } from './paths';
import { ResourceSlotsProvider } from './resources/slots';
import { createStore } from './store';

type ScreenModule = { default: ComponentType };

/** A screen past home: its chunk and the texts of every area (src/i18n/later.ts), loaded together. */
function screen(load: () => Promise<ScreenModule>) {
  return lazy(() => Promise.all([load(), loadLaterMessages()]).then(([module]) => module));
}

/**
 * A screen that lists declared resources: loaded with the table of their bespoke parts
 * (src/custom/resourceSlots.ts), which it hands to the factory. The factory (src/resources)
 * imports nothing from src/custom; the table comes in one chunk, with the first such screen.
 */
function listScreen(load: () => Promise<ScreenModule>) {
  return screen(() =>
    Promise.all([load(), import('./custom/resourceSlots')]).then(([module, { RESOURCE_SLOTS }]) => {
      const Screen = module.default;
      const WithSlots = () => (
        <ResourceSlotsProvider value={RESOURCE_SLOTS}>
          <Screen />
        </ResourceSlotsProvider>
      );
      return { default: WithSlots };
    }),
  );
}

const Profile = screen(() => import('./custom/profile/Profile'));
const Pricing = screen(() => import('./custom/pricing/Pricing'));
const DeviceList = listScreen(() => import('./custom/devices/DeviceList'));
const MamDashboard = screen(() => import('./custom/mam/MamDashboard'));
const DatabaseOverview = screen(() => import('./custom/mam/DatabaseOverview'));
const StatisticsPage = screen(() => import('./custom/statistics/StatisticsPage'));
const SettingsPage = listScreen(() => import('./custom/settings/SettingsPage'));
const UpdatesPage = listScreen(() => import('./custom/updates/UpdatesPage'));
const ReportsPage = screen(() => import('./custom/reports/ReportsPage'));
const TablesPage = listScreen(() => import('./custom/tables/TablesPage'));
const MonitoringPage = screen(() => import('./custom/live/MonitoringPage'));
const EnvironmentsDashboard = screen(() => import('./custom/environments/EnvironmentsDashboard'));
const ServerConnect = screen(() => import('./custom/environments/ServerConnect'));
const DatabaseOffline = screen(() => import('./custom/environments/DatabaseOffline'));
const ResourcesScreen = screen(() => import('./custom/resources/ResourcesScreen'));
const Tools = screen(() => import('./custom/tools/Tools'));
const DeclaredRoutes = listScreen(() => import('./resources/DeclaredRoutes'));
const KioskPremium = listScreen(() => import('./custom/kioskpremium/KioskPremiumPage'));
const FrameworksPage = listScreen(() => import('./custom/frameworks/FrameworksPage'));
const BotsPage = listScreen(() => import('./custom/bots/BotsPage'));
const Organization = listScreen(() => import('./custom/organization/OrganizationPage'));
const PolicyEditorPage = screen(() => import('./custom/mdm/PolicyEditorPage'));
const AndroidEnterprisePage = screen(() => import('./custom/mdm/AndroidEnterprisePage'));
const MdmDevicePage = listScreen(() => import('./custom/mdm/device/MdmDevicePage'));
const MdmDashboardPage = screen(() => import('./custom/mdmdash/MdmDashboardPage'));
const IosConfigPage = screen(() => import('./custom/mdmconfig/IosConfigPage'));
const WindowsConfigPage = screen(() => import('./custom/mdmconfig/WindowsConfigPage'));

/** Project- and device-area screens (000 §2) by path, each shown to callers whose menu has its area. */
const fleetScreens = [
  { path: PATHS.mamdash, area: 'mamdash', Screen: MamDashboard },
  { path: PATHS.devicelist, area: 'devicelist', Screen: DeviceList },
  { path: PATHS.devicesscreen, area: 'devicelist', Screen: DeviceList },
  { path: PATHS.database, area: 'database', Screen: DatabaseOverview },
  { path: PATHS.databasestat, area: 'databasestat', Screen: StatisticsPage },
  { path: `${PATHS.setting}/*`, area: 'setting', Screen: SettingsPage },
  { path: `${PATHS.updates}/*`, area: 'updates', Screen: UpdatesPage },
  { path: PATHS.reports, area: 'reports', Screen: ReportsPage },
  { path: PATHS.sqltables, area: 'sqltables', Screen: TablesPage },
  { path: PATHS.monitoring, area: 'monitoring', Screen: MonitoringPage },
  { path: PATHS.mam, area: 'mam', Screen: EnvironmentsDashboard },
  { path: PATHS.serverconnect, area: 'mam', Screen: ServerConnect },
  { path: PATHS.databaseoffline, area: 'mam', Screen: DatabaseOffline },
];

const store = createStore();

interface AppProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
}

export function App({ authProvider, dataProvider }: AppProps) {
  return (
    <FlotaAdmin
      disableTelemetry
      title="Flota"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      dashboard={LandingRedirect}
      accessDenied={NotAuthorised}
      loginPage={false}
      requireAuth
    >
      <CustomRoutes noLayout>
        <Route path={PATHS.accessError} element={<AccessError />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path={PATHS.home} element={<Home />} />
        <Route path={PATHS.profile} element={<Profile />} />
        <Route
          path={PATHS.pricing}
          element={
            <AreaGuard area="pricing">
              <Pricing />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.tools}
          element={
            <AreaGuard area="tools">
              <Tools />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.kioskpremium}
          element={
            <AreaGuard area="kioskpremium">
              <KioskPremium />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.frameworks}
          element={
            <AreaGuard area="frameworks">
              <FrameworksPage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.bots}
          element={
            <AreaGuard area="bots">
              <BotsPage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.organization}
          element={
            <AreaGuard area="organization">
              <Organization />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.resources}
          element={
            <AreaGuard area="resources">
              <ResourcesScreen />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmpoliciesedit}
          element={
            <AreaGuard area="mdm-policies">
              <PolicyEditorPage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmadminedit}
          element={
            <AreaGuard area="mdm-devices">
              <MdmDevicePage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmafw}
          element={
            <AreaGuard area="mdm-organizations">
              <AndroidEnterprisePage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmdash}
          element={
            <AreaGuard area="mdmdash">
              <MdmDashboardPage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmiosconfig}
          element={
            <AreaGuard area="mdmiosconfig">
              <IosConfigPage />
            </AreaGuard>
          }
        />
        <Route
          path={PATHS.mdmwmconfig}
          element={
            <AreaGuard area="mdmwmconfig">
              <WindowsConfigPage />
            </AreaGuard>
          }
        />
        {fleetScreens.map(({ path, area, Screen }) => (
          <Route
            key={path}
            path={path}
            element={
              <AreaGuard area={area}>
                <Screen />
              </AreaGuard>
            }
          />
        ))}
        {/* The declared resources (protocol/resources), loaded after the first screen. */}
        <Route path="/app/*" element={<DeclaredRoutes />} />
      </CustomRoutes>
    </FlotaAdmin>
  );
}
