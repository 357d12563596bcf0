import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  Divider,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ProjectEntry, ProjectShare } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { useEnvironments } from '../environments/useEnvironments';
import { ShareForm } from './ShareForm';
import { ShareList } from './ShareList';
import { draftFromShare, emptyDraft, shareRequest, type ShareDraft } from './shareDraft';
import { PROJECT_LISTS_KEY } from './projectLists';

interface ShareDialogProps {
  project: ProjectEntry;
  /** The caller may share it (owner, administrator, or a share with `share`). */
  allowed: boolean;
  onClose: () => void;
}

/**
 * Sharing a project (issue 5 item 4): the users it is shared with, each editable and removable,
 * and the form that shares it with one more user or changes a share.
 */
export function ShareDialog({ project, allowed, onClose }: ShareDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <ClosableTitle onClose={onClose}>
        {translate('projects.share.title', { name: project.name })}
      </ClosableTitle>
      {allowed ? (
        <ShareEditor project={project} onClose={onClose} />
      ) : (
        <DialogContent>
          <Alert severity="warning">{translate('projects.share.not_allowed')}</Alert>
        </DialogContent>
      )}
    </Dialog>
  );
}

function ShareEditor({ project, onClose }: Omit<ShareDialogProps, 'allowed'>) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const environments = useEnvironments();
  const sharesKey = [...PROJECT_LISTS_KEY, 'shares', project.numero];
  const shares = useQuery({
    queryKey: sharesKey,
    queryFn: ({ signal }) => dataProvider.projectShares(project.numero, signal),
  });
  const [draft, setDraft] = useState<ShareDraft>(() => emptyDraft());
  const [removing, setRemoving] = useState<ProjectShare | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROJECT_LISTS_KEY });
  const failed = (error: Error) => notify(error.message, { type: 'error' });

  const save = useMutation({
    mutationFn: (ready: ShareDraft & { user: NonNullable<ShareDraft['user']> }) =>
      dataProvider.shareProject(project.numero, shareRequest(ready)),
    onSuccess: (_share, ready) => {
      notify('projects.share.saved', {
        type: 'success',
        messageArgs: { login: ready.user.login },
      });
      setDraft(emptyDraft());
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (share: ProjectShare) => dataProvider.unshareProject(project.numero, share.userId),
    onSuccess: (_result, share) => {
      notify('projects.share.removed', { type: 'success', messageArgs: { login: share.login } });
      if (draft.user?.id === share.userId) setDraft(emptyDraft());
      setRemoving(null);
      void refresh();
    },
    onError: (error: Error) => {
      setRemoving(null);
      failed(error);
    },
  });
  const busy = save.isPending || remove.isPending;
  const { user } = draft;

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack component="section" spacing={1} aria-labelledby="share-existing">
            <Typography id="share-existing" variant="subtitle1" component="h2">
              {translate('projects.share.shared_with')}
            </Typography>
            {shares.error ? (
              <Alert severity="error">{shares.error.message}</Alert>
            ) : shares.data ? (
              <ShareList
                shares={shares.data}
                editing={draft.existing ? (user?.id ?? null) : null}
                disabled={busy}
                onEdit={(share) => setDraft(draftFromShare(share))}
                onRemove={setRemoving}
              />
            ) : (
              <Skeleton variant="rounded" height={48} />
            )}
          </Stack>
          <Divider />
          <ShareForm
            draft={draft}
            onChange={setDraft}
            shares={shares.data ?? []}
            environments={environments.data?.data ?? []}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {draft.existing && (
          <Button onClick={() => setDraft(emptyDraft())} disabled={busy}>
            {translate('projects.share.cancel_edit')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('projects.share.close')}</Button>
        <Button
          variant="contained"
          disabled={!user || busy}
          onClick={() => user && save.mutate({ ...draft, user })}
        >
          {translate(draft.existing ? 'projects.share.save_changes' : 'projects.share.save')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title="projects.share.remove_title"
        content="projects.share.remove_confirm"
        contentTranslateOptions={{ login: removing?.login, name: project.name }}
        confirm="projects.share.remove_title"
        confirmColor="warning"
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
