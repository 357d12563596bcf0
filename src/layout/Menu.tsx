import { Divider, ListSubheader } from '@mui/material';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import type { MenuEntry } from '../../protocol/menu';
import type { FlotaPermissions } from '../authProvider';
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
  // A flat list of children: MUI's menu list does not look inside fragments.
  const items = (section: MenuSection) => [
    section.group ? (
      <GroupHeading key={`group-${section.group}`} group={section.group} open={open} />
    ) : null,
    ...section.entries.map((entry) => (
      <RaMenu.Item
        key={entry.id}
        to={entry.path}
        primaryText={entry.label}
        leftIcon={menuIcon(entry.icon)}
      />
    )),
  ];
  return <RaMenu>{menuSections(entries).flatMap(items)}</RaMenu>;
}

export function Menu() {
  const { permissions } = usePermissions<FlotaPermissions>();
  return <MenuView entries={permissions?.menu ?? []} />;
}
