import { useTranslate } from 'react-admin';
import type { RefusalSurface } from '../dataProvider/surfaces';
import { ProblemDialog } from '../resources/ProblemDialog';

interface RefusalDialogProps {
  surface: RefusalSurface;
  /** The server's `error.description`, in the console's language. */
  text: string;
  onClose(): void;
}

/**
 * A refused answer the person reads and dismisses (002 §8): "-1" an information dialog, "-2" a
 * warning dialog, the devices listing's "-1" 'Atención!' saying what to create first.
 */
export function RefusalDialog({ surface, text, onClose }: RefusalDialogProps) {
  const translate = useTranslate();
  return (
    <ProblemDialog
      open
      onClose={onClose}
      title={`app.refusal.${surface}`}
      text={text}
      tone={surface === 'info' ? 'info' : 'warning'}
      lead={surface === 'attention' ? translate('app.refusal.create_tables') : undefined}
      closeLabel="app.refusal.close"
    />
  );
}
