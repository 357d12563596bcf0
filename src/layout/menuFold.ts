import type { Store } from 'ra-core';

/** The mobile breakpoint of 002 §9: under it the side menu is folded away (002 §2). */
export const MENU_FOLD_PX = 768;

/**
 * The side menu starts folded on a window under the mobile breakpoint, unless the person chose
 * otherwise before (react-admin's own default folds it only under 600 px).
 */
export function foldMenuOnSmallWindows(store: Store): void {
  if (typeof window === 'undefined' || window.innerWidth >= MENU_FOLD_PX) return;
  if (store.getItem('sidebar.open') === undefined) store.setItem('sidebar.open', false);
}
