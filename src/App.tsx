import { lazy } from 'react';
import { CustomRoutes, type AuthProvider, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { AccessError } from './custom/access/AccessError';
import { AreaGuard } from './custom/access/AreaGuard';
import { NotAuthorised } from './custom/access/NotAuthorised';
import { LandingRedirect } from './custom/landing/LandingRedirect';
import { i18nProvider } from './i18n/i18nProvider';
import { FlotaAdmin } from './layout/FlotaAdmin';
import { Layout } from './layout/Layout';
import { RESOURCE_DEFINITIONS } from '../protocol/resources';
import { PATHS } from './paths';
import { definitionScreens } from './resources/factory';
import { createStore } from './store';

const Home = lazy(() => import('./custom/home/Home').then((module) => ({ default: module.Home })));
const Profile = lazy(() => import('./custom/profile/Profile'));
const Pricing = lazy(() => import('./custom/pricing/Pricing'));
const DeviceList = lazy(() => import('./resources/devices/DeviceList'));
const MamDashboard = lazy(() => import('./custom/mam/MamDashboard'));
const DatabaseOverview = lazy(() => import('./custom/mam/DatabaseOverview'));
const EnvironmentsDashboard = lazy(() => import('./custom/environments/EnvironmentsDashboard'));
const ServerConnect = lazy(() => import('./custom/environments/ServerConnect'));
const DatabaseOffline = lazy(() => import('./custom/environments/DatabaseOffline'));
const ResourcesScreen = lazy(() => import('./custom/resources/ResourcesScreen'));
const Tools = lazy(() => import('./custom/tools/Tools'));
const Organization = lazy(() => import('./custom/organization/OrganizationPage'));

/** Project- and device-area screens (000 §2) by path, each shown to callers whose menu has its area. */
const fleetScreens = [
  { path: PATHS.mamdash, area: 'mamdash', Screen: MamDashboard },
  { path: PATHS.devicelist, area: 'devicelist', Screen: DeviceList },
  { path: PATHS.devicesscreen, area: 'devicelist', Screen: DeviceList },
  { path: PATHS.database, area: 'database', Screen: DatabaseOverview },
  { path: PATHS.mam, area: 'mam', Screen: EnvironmentsDashboard },
  { path: PATHS.serverconnect, area: 'mam', Screen: ServerConnect },
  { path: PATHS.databaseoffline, area: 'mam', Screen: DatabaseOffline },
];

/**
 * Declared resources are mounted at their /app/ paths (000 §2) by the factory; react-admin's own
 * `/<name>` routes are not used. A path that still has a hand-built screen keeps it until that
 * screen is migrated.
 */
const declared = Object.values(RESOURCE_DEFINITIONS).filter(
  (definition) =>
    // An embedded resource (a device's files) lives inside another screen: it has no route.
    !definition.embedded && !fleetScreens.some((screen) => screen.path === definition.path),
);
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
        {declared.map((definition) => (
          <Route
            key={definition.name}
            path={definition.form === 'page' ? `${definition.path}/*` : definition.path}
            element={definitionScreens(definition)}
          />
        ))}
      </CustomRoutes>
    </FlotaAdmin>
  );
}
