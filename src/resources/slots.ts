import type { ComponentType } from 'react';
import { CompanyStateButton } from './companies/CompanyStateButton';
import { UserLockButton } from './users/UserLockButton';

/** What a slot rendered around the list gets: the project of a project resource. */
export interface ListSlotProps {
  database?: number | null;
}

/**
 * The hand-written parts a declared resource plugs into its generated screens, by resource
 * name. The factory (src/resources/factory) renders them where their slot is and knows no
 * resource by name.
 */
export interface ResourceSlots {
  /** Rendered in the last column of each row, in the row's record context. */
  rowActions?: ComponentType;
  /** Above the list, inside the list's context (gauges, a summary). */
  header?: ComponentType<ListSlotProps>;
  /** Extra buttons in the list's toolbar, after create, inside the list's context. */
  toolbar?: ComponentType<ListSlotProps>;
  /** Below the list, inside the list's context (a legend). */
  footer?: ComponentType<ListSlotProps>;
}

export const RESOURCE_SLOTS: Readonly<Record<string, ResourceSlots>> = {
  companies: { rowActions: CompanyStateButton },
  users: { rowActions: UserLockButton },
};
