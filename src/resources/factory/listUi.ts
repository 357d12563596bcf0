import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceDefinition, Verb } from '../../../protocol/resource-definition';

/**
 * What a declared list shares with the slots rendered in it (src/resources/slots.ts): its
 * definition and project, what the caller may do, the filter row's state, and opening a row in
 * its form. react-admin's list context holds the rest (rows, selection, filters).
 */
export interface DefinitionListUi {
  definition: ResourceDefinition;
  database?: number | null;
  /** The company's or project's name (exports, titles). */
  owner: string;
  /** The verbs the caller may use (for a project resource, in that project). */
  can(verb: Verb): boolean;
  /** The per-column filter row, when the list has fields to filter by. */
  filterRow: { open: boolean; toggle(): void } | null;
  /** Opens a row in its form (edit, or show for a caller who may not edit), or a new one. */
  open(target: RaRecord | 'create'): void;
}

export const DefinitionListUiContext = createContext<DefinitionListUi | null>(null);

/** The list a slot is rendered in. */
export function useDefinitionListUi(): DefinitionListUi {
  const ui = useContext(DefinitionListUiContext);
  if (!ui) throw new Error('useDefinitionListUi must be used inside a DefinitionList');
  return ui;
}
