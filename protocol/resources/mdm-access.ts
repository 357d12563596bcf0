import type { EntityPermissions, MenuPlacement } from '../resource-entity';

/**
 * Who reads an MDM entity and where its menu entry is (docs/mdm.md): every MDM entity is written
 * by the company's administrators (the MDM roles then limit them, server/mdm/roles.ts), read by
 * every company user or by administrators only, and listed in the Devices → MDM part of the menu
 * with its own icon (src/layout/menuIcons.tsx) at its order.
 */
export function mdmAccess(
  read: 'user' | 'admin',
  icon: string,
  order: number,
): { permissions: EntityPermissions; menu: MenuPlacement } {
  return {
    permissions: { read: { role: read }, write: { role: 'admin' } },
    menu: { section: 'devices', icon, order },
  };
}
