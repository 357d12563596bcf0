import { localStorageStore, type Store } from 'ra-core';
import { COLUMN_CHOICE_PREFIX } from './resources/factory/columnChoice';
import { LIVE_CHOICE_PREFIX } from './custom/live/choiceKey';
import { foldMenuOnSmallWindows } from './layout/menuFold';

/**
 * react-admin's localStorage store, except that signing out (which resets the store) keeps
 * the language, the browser's preference in which the sign-in page is shown, and each person's
 * choice of list columns, which is theirs (keyed by who they are) and waits for their return.
 */
export function createStore(): Store {
  const store = localStorageStore();
  foldMenuOnSmallWindows(store);
  return {
    ...store,
    reset() {
      const locale = store.getItem<string>('locale');
      const columns = {
        ...store.listItems?.(COLUMN_CHOICE_PREFIX),
        ...store.listItems?.(LIVE_CHOICE_PREFIX),
      };
      store.reset();
      if (locale) store.setItem('locale', locale);
      for (const [key, value] of Object.entries(columns)) store.setItem(key, value);
      foldMenuOnSmallWindows(store);
    },
  };
}
