import { useLocaleState } from 'react-admin';
import { MENU_NODE_LABELS, menuNodeLabel } from '../../../../protocol/menu-tree';

/** A menu-tree node's label, short and with its parents, in the console's language. */
export function useMenuLabel() {
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'es';
  return {
    labelOf: (id: string) => MENU_NODE_LABELS[id]?.[language] ?? id,
    fullLabelOf: (id: string) => menuNodeLabel(id, language),
  };
}
