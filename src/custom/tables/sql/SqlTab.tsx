import type { TableTabProps } from '../tabProps';

/** Placeholder until its owner lands it (this session). */
export function SqlTab(_props: TableTabProps) {
  return null;
}
