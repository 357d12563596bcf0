import { localStorageStore, type Store } from 'ra-core';

/**
 * react-admin's localStorage store, except that signing out (which resets the store) keeps
 * the language: it is the browser's preference and the sign-in page is shown in it.
 */
export function createStore(): Store {
  const store = localStorageStore();
  return {
    ...store,
    reset() {
      const locale = store.getItem<string>('locale');
      store.reset();
      if (locale) store.setItem('locale', locale);
    },
  };
}
