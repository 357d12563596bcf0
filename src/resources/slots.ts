import type { ComponentType } from 'react';
import { CompanyStateButton } from './companies/CompanyStateButton';
import { UserLockButton } from './users/UserLockButton';

/**
 * The hand-written parts a declared resource plugs into its generated screens, by resource
 * name. The factory (src/resources/factory) renders them where their slot is and knows no
 * resource by name.
 */
export interface ResourceSlots {
  /** Rendered in the last column of each row, in the row's record context. */
  rowActions?: ComponentType;
}

export const RESOURCE_SLOTS: Readonly<Record<string, ResourceSlots>> = {
  companies: { rowActions: CompanyStateButton },
  users: { rowActions: UserLockButton },
};
