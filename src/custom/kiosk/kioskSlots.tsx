import { lazy, Suspense } from 'react';
import type { EditorProps, ResourceSlots } from '../../resources/slots';
import { KioskConfigButton } from './KioskConfigButton';

const KioskAppEditor = lazy(() =>
  import('./KioskAppEditor').then((module) => ({ default: module.KioskAppEditor })),
);

/** The app editor, fetched with its first opening. */
function KioskAppEditorSlot(props: EditorProps) {
  if (!props.target) return null;
  return (
    <Suspense fallback={null}>
      <KioskAppEditor {...props} />
    </Suspense>
  );
}

/**
 * The simple kiosk's hand-written parts (/app/kiosk): the configuration dialog's button in the
 * list's toolbar and the app editor with its APK upload; the table, paging, delete and exports
 * are the factory's.
 */
export const KIOSK_SLOTS: ResourceSlots = {
  toolbar: KioskConfigButton,
  editor: KioskAppEditorSlot,
  empty: false,
};
