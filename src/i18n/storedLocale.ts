/**
 * The language react-admin stored (its `RaStore.locale`), read without react-admin: for what is
 * shown or asked before it starts (the configuration error, the sign-in page's ui_locales).
 */
export function storedLocale(): string {
  try {
    return JSON.parse(localStorage.getItem('RaStore.locale') ?? '"es"') as string;
  } catch {
    return 'es';
  }
}
