import type { Db } from '../../server/db/database';

/** Sets the language a user reads the server's refusals in ('es' or 'en'), as the profile does. */
export function setLanguage(db: Db, login: string, language: 'es' | 'en') {
  return db.updateTable('core.users').set({ language }).where('login', '=', login).execute();
}
