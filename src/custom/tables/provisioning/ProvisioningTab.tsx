import type { TableTabProps } from '../tabProps';

/** Placeholder until its owner lands it (this session). */
export function ProvisioningTab(_props: TableTabProps) {
  return null;
}
