import { Divider, ListSubheader, MenuList } from '@mui/material';
import { useLocale, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import type { MenuEntry } from '../../protocol/menu';
import type { FlotaPermissions } from '../authProvider';
import { useRefreshOnCustomsSaved } from '../resources/overrides/useCustomsChanged';
import { MenuItemLink } from './MenuItemLink';
import { menuIcon } from './menuIcons';
import { menuSections, type MenuSection } from './menuSections';

function GroupHeading({ group, open }: { group: string; open: boolean }) {
  const translate = useTranslate();
  // Inside the menu (role="menu") a heading is a named separator: a menu owns menu items,
  // groups and separators only.
  if (!open) return <Divider component="li" />;
  return (
    <ListSubheader
      role="separator"
      aria-label={translate(group)}
      disableSticky
      sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}
    >
      {translate(group)}
    </ListSubheader>
  );
}

/** The menu as the server's `menu` entries say, each group under its heading. */
export function MenuView({ entries }: { entries: MenuEntry[] }) {
  const [open] = useSidebarState();
  const locale = useLocale() === 'en' ? 'en' : 'es';
  // A flat list of children: MUI's menu list does not look inside fragments.
  const items = (section: MenuSection) => [
    section.group ? (
      <GroupHeading key={`group-${section.group}`} group={section.group} open={open} />
    ) : null,
    ...section.entries.map((entry) => (
      <MenuItemLink
        key={entry.id}
        to={entry.path}
        primaryText={entry.title ? entry.title[locale] : entry.label}
        leftIcon={menuIcon(entry.icon)}
      />
    )),
  ];
  // react-admin's Menu: a menu list as wide as the sidebar (LocaleTheme.tsx), open or closed.
  return (
    <MenuList
      sx={(theme) => ({
        width: open ? theme.sidebar.width : theme.sidebar.closedWidth,
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      {menuSections(entries).flatMap(items)}
    </MenuList>
  );
}

export function Menu() {
  const { permissions } = usePermissions<FlotaPermissions>();
  // A custom entity saved here shows (or leaves) its entry without a reload.
  useRefreshOnCustomsSaved();
  return <MenuView entries={permissions?.menu ?? []} />;
}
