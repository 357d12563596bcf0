import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { RaRecord } from 'react-admin';

/** What a slot rendered around the list gets: the project of a project resource. */
export interface ListSlotProps {
  database?: number | null;
}

/** What a selection menu gets: where the row was right-clicked; null when closed. */
export interface SelectionMenuProps {
  position: { top: number; left: number } | null;
  onClose(): void;
}

/** What an editor gets: the row to edit, 'create' for a new one, null when closed. */
export interface EditorProps extends ListSlotProps {
  target: RaRecord | 'create' | null;
  /** `saved`: something was saved while it was open, so the list is read again. */
  onClose(saved?: boolean): void;
}

/**
 * The hand-written parts a declared resource plugs into its generated screens, by resource
 * name. Slots reach their list through `useDefinitionListUi()` (src/resources/factory/listUi.ts)
 * and react-admin's list context. The factory (src/resources/factory) renders them where their
 * slot is and knows no resource by name: the table of slots is written on the custom side
 * (src/custom/resourceSlots.ts) and handed to the factory by the app shell
 * (`ResourceSlotsProvider` in src/App.tsx); src/resources imports nothing from src/custom.
 */
export interface ResourceSlots {
  /** Rendered in the last column of each row, in the row's record context. */
  rowActions?: ComponentType;
  /** Above the list, inside the list's context (gauges, a summary). */
  header?: ComponentType<ListSlotProps>;
  /** Extra buttons in the list's toolbar, after create, inside the list's context. */
  toolbar?: ComponentType<ListSlotProps>;
  /** Below the list, inside the list's context (a legend). */
  footer?: ComponentType<ListSlotProps>;
  /**
   * `false`: an empty list keeps its toolbar, filters and table (the device list, whose filters
   * and legend matter before the first device), instead of the generic empty page.
   */
  empty?: false;
  /** Filters always shown beside the search box; the list call must take them. */
  filters?: ReactElement[];
  /** The list's pagination, instead of react-admin's with the definition's page sizes. */
  pagination?: ComponentType;
  /** The buttons over selected rows, instead of the definition's bulk actions and delete. */
  bulkActions?: ComponentType<ListSlotProps>;
  /**
   * A menu of actions on the selection, instead of the row menu. As in a file manager, a
   * right-click (or the row's context-menu key) on a row outside the selection selects that row
   * alone, and a click leaves the row as it is: a double-click or Enter opens it.
   */
  selectionMenu?: ComponentType<SelectionMenuProps>;
  /**
   * The create and edit form (a dialog of its own, with tabs), instead of the generated dialog
   * or page; a caller allowed `show` but not `edit` opens rows in it too.
   */
  editor?: ComponentType<EditorProps>;
  /**
   * Below the edit page's form (`form: 'page'`), given the record: parts that save on their own
   * (a user's access trees).
   */
  pageFooter?: ComponentType<{ record: RaRecord }>;
  /**
   * Where a row opens, instead of its edit or view: the address of the screen where the record is
   * worked on (a global search result opens the device in its project's device list).
   */
  rowAddress?: (record: RaRecord) => string;
}

/** Every resource's slots, by resource name. */
export type SlotTable = Readonly<Record<string, ResourceSlots>>;

const ResourceSlotsContext = createContext<SlotTable>({});
const NO_SLOTS: ResourceSlots = {};

/** Hands the table of slots (src/custom/resourceSlots.ts) to the factory's screens below it. */
export const ResourceSlotsProvider = ResourceSlotsContext.Provider;

/** The slots of a resource, or none. */
export function useResourceSlots(name: string): ResourceSlots {
  return useContext(ResourceSlotsContext)[name] ?? NO_SLOTS;
}
