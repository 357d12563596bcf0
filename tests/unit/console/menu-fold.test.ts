// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from 'ra-core';
import { foldMenuOnSmallWindows, MENU_FOLD_PX } from '../../../src/layout/menuFold';

const width = (px: number) =>
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });

afterEach(() => width(1024));

const ready = (store: ReturnType<typeof memoryStore>) => {
  store.setup();
  return store;
};

describe('the side menu under the mobile breakpoint (002 §2, §9)', () => {
  it('starts folded under 768 px', () => {
    width(MENU_FOLD_PX - 1);
    const store = ready(memoryStore());
    foldMenuOnSmallWindows(store);
    expect(store.getItem('sidebar.open')).toBe(false);
  });

  it('keeps a choice made before, and leaves wider windows to react-admin', () => {
    width(700);
    const chosen = ready(memoryStore({ 'sidebar.open': true }));
    foldMenuOnSmallWindows(chosen);
    expect(chosen.getItem('sidebar.open')).toBe(true);
    width(MENU_FOLD_PX);
    const wide = ready(memoryStore());
    foldMenuOnSmallWindows(wide);
    expect(wide.getItem('sidebar.open')).toBeUndefined();
  });
});
