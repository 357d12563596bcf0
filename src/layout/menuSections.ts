import type { MenuEntry } from '../../protocol/menu';

export interface MenuSection {
  /** i18n key of the group heading; undefined for entries outside any group. */
  group?: string;
  entries: MenuEntry[];
}

/**
 * The entries in the server's order, each group gathered where its first entry appears,
 * so that a group's heading sits above all of its entries.
 */
export function menuSections(entries: MenuEntry[]): MenuSection[] {
  const sections: MenuSection[] = [];
  const byGroup = new Map<string, MenuSection>();
  for (const entry of entries) {
    if (!entry.group) {
      const last = sections[sections.length - 1];
      if (last && !last.group) last.entries.push(entry);
      else sections.push({ entries: [entry] });
      continue;
    }
    let section = byGroup.get(entry.group);
    if (!section) {
      section = { group: entry.group, entries: [] };
      byGroup.set(entry.group, section);
      sections.push(section);
    }
    section.entries.push(entry);
  }
  return sections;
}
