import { Alert, Button, Dialog, DialogActions, DialogContent } from '@mui/material';
import { useTranslate } from 'react-admin';
import { mayShare } from './projectRights';
import { PublishDialog } from './PublishDialog';
import { ShareDialog } from './ShareDialog';
import type { useProjectModal } from './useProjectModal';

interface ProjectDialogsProps {
  dialogs: ReturnType<typeof useProjectModal>;
  admin: boolean;
}

/** The dialog the address names (`modal`, `pid`), over the list it was opened from. */
export function ProjectDialogs({ dialogs, admin }: ProjectDialogsProps) {
  const translate = useTranslate();
  const { modal, project, notFound, close } = dialogs;
  if (notFound) {
    return (
      <Dialog open onClose={close}>
        <DialogContent>
          <Alert severity="warning">{translate('projects.not_found')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('projects.share.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (!project) return null;
  if (modal === 'share') {
    return <ShareDialog project={project} allowed={mayShare(project, admin)} onClose={close} />;
  }
  if (modal === 'publish') return <PublishDialog project={project} onClose={close} />;
  return null;
}
