import { Box, Tab, Tabs } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PATHS } from '../../paths';
import { ProjectScreen } from '../../project/ProjectScreen';
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

/** Longer than MUI's scroll animation (theme.transitions.duration.standard, 300 ms). */
const SETTLED_MS = 400;

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
  const tabs = useRef<HTMLDivElement>(null);
  // On a phone the chosen tab may lie past the edge (opened by its address). MUI scrolls it into
  // view with an animation measured before its scroll buttons appear, which stops short; once the
  // tabs settle (and whenever they change size) the chosen one is centred, without moving the page.
  useEffect(() => {
    const selected = tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const list = selected?.parentElement;
    const scroller = list?.parentElement;
    if (!selected || !list || !scroller) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bring = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const left = selected.offsetLeft - (scroller.clientWidth - selected.offsetWidth) / 2;
        scroller.scrollLeft = Math.max(0, left);
      }, SETTLED_MS);
    };
    const observer = new ResizeObserver(bring);
    observer.observe(list);
    observer.observe(scroller);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [current.path]);
  return (
    // The scrollable tabs must not widen the page on a phone: the box takes the page's width.
    <Box sx={{ minWidth: 0, contain: 'inline-size' }}>
      <Tabs
        ref={tabs}
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
