import { MENUS } from '../../protocol/menu';
import { PATHS } from '../paths';

/** Screens without a menu entry of their own, by the entry whose area they belong to. */
const SCREENS_OF_AN_AREA: Record<string, string> = {
  [PATHS.devicesscreen]: PATHS.devicelist,
  [PATHS.serverconnect]: PATHS.mam,
  [PATHS.databaseoffline]: PATHS.mam,
};

/** Menu labels by path, from both flavours' menus (a path has the same label in each). */
const LABELS = new Map(
  Object.values(MENUS)
    .flat()
    .map((entry) => [entry.path, entry.label] as const),
);

/**
 * The i18n key of the title a screen is known by in the menu (`menu.sqltables`), from its path;
 * a path under a menu entry (`/app/setting/groups`) takes the entry's. Null for a path the menu
 * does not know.
 */
export function screenTitle(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const known = SCREENS_OF_AN_AREA[path] ?? path;
  let best: { path: string; label: string } | null = null;
  for (const [entryPath, label] of LABELS) {
    const within = known === entryPath || known.startsWith(`${entryPath}/`);
    if (within && (!best || entryPath.length > best.path.length)) best = { path: entryPath, label };
  }
  return best?.label ?? null;
}
