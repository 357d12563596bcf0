import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PATHS } from '../../paths';
import { ProjectScreen } from '../project/ProjectScreen';
import { FileBrowserTab } from './FileBrowserTab';
import { GroupsTab } from './GroupsTab';
import { PlatformsTab } from './PlatformsTab';
import { ReplicatorTab } from './ReplicatorTab';

/** The four tabs of `/app/setting` (000 §2), each a child route. */
const TABS = [
  { path: 'platform', label: 'access.nodes.settings.platforms', Tab: PlatformsTab },
  { path: 'group', label: 'access.nodes.settings.groups', Tab: GroupsTab },
  { path: 'replicator', label: 'access.nodes.settings.replicator', Tab: ReplicatorTab },
  { path: 'fileBrowser', label: 'access.nodes.settings.filebrowser', Tab: FileBrowserTab },
] as const;

/** `/app/setting`: the chosen project's platforms, groups, replicator settings and files. */
export default function SettingsPage() {
  return (
    <ProjectScreen title="menu.setting">
      {(database) => <SettingsTabs database={database} />}
    </ProjectScreen>
  );
}

function SettingsTabs({ database }: { database: number }) {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const current = TABS.find((tab) => pathname.endsWith(`/${tab.path}`)) ?? TABS[0];
  return (
    // The scrollable tabs must not widen the page on a phone: the box takes the page's width.
    <Box sx={{ minWidth: 0, contain: 'inline-size' }}>
      <Tabs
        value={current.path}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate('menu.setting')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={translate(tab.label)}
            component={Link}
            to={`${PATHS.setting}/${tab.path}${search}`}
          />
        ))}
      </Tabs>
      <Routes>
        {TABS.map(({ path, Tab: Screen }) => (
          <Route key={path} path={path} element={<Screen database={database} />} />
        ))}
        <Route path="*" element={<Navigate to={`${TABS[0].path}${search}`} replace />} />
      </Routes>
    </Box>
  );
}
