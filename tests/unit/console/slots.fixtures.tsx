import type { ReactNode } from 'react';
import { RESOURCE_SLOTS } from '../../../src/custom/resourceSlots';
import { ResourceSlotsProvider } from '../../../src/resources/slots';

/** The bespoke parts of declared resources, as App.tsx hands them to a list screen. */
export function WithSlots({ children }: { children: ReactNode }) {
  return <ResourceSlotsProvider value={RESOURCE_SLOTS}>{children}</ResourceSlotsProvider>;
}
