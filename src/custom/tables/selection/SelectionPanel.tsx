import type { TableTabProps } from '../tabProps';

/** Placeholder until its owner lands it (this session). */
export function SelectionPanel(_props: TableTabProps) {
  return null;
}
