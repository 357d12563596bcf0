import type { MenuAccess, MenuEntry } from './menu';
import type { ResourceDefinition } from './resource-definition';

/**
 * The menu entries of the declared resources that name one (`menu` in their definition,
 * docs/resources.md "The engine"): in their section's group, after the written entries, by their
 * order; labelled by the resource's title, shown to whoever its list permission lets read it.
 * The server adds them to either flavour's menu (server/services/session/session.ts).
 */
export function declaredMenuEntries(definitions: Iterable<ResourceDefinition>): MenuEntry[] {
  return [...definitions]
    .filter((definition) => definition.menu && !definition.embedded)
    .sort((a, b) => a.menu!.order - b.menu!.order)
    .map((definition) => {
      const permission = definition.verbs.list?.permission;
      const access: MenuAccess = permission && 'role' in permission ? permission.role : 'user';
      return {
        id: definition.name,
        path: definition.path,
        label: `resources.${definition.name}.name`,
        title: definition.title.many,
        icon: definition.menu!.icon,
        access,
        group: `menu.groups.${definition.menu!.section}`,
      };
    });
}
