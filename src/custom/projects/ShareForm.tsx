import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EnvironmentEntry, ProjectShare } from '../../../protocol/projects';
import { AccessTreeEditor } from './AccessTreeEditor';
import { EnvironmentPermissions, GeneralPermissions } from './PermissionChecks';
import { draftFromShare, type ShareDraft } from './shareDraft';
import { ShareUserPicker } from './ShareUserPicker';

interface ShareFormProps {
  draft: ShareDraft;
  onChange: (draft: ShareDraft) => void;
  shares: readonly ProjectShare[];
  environments: readonly EnvironmentEntry[];
  disabled?: boolean;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * The share being written: the user (fixed while editing an existing share), the general and
 * per-environment permissions, and the access tree.
 */
export function ShareForm({ draft, onChange, shares, environments, disabled }: ShareFormProps) {
  const translate = useTranslate();
  const heading = draft.existing
    ? translate('projects.share.editing', { login: draft.user?.login })
    : translate('projects.share.new');
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2">
        {heading}
      </Typography>
      {!draft.existing && (
        <ShareUserPicker
          value={draft.user}
          disabled={disabled}
          onChange={(user) => {
            // A user it is already shared with: their share is what gets edited.
            const share = user && shares.find((candidate) => candidate.userId === user.id);
            onChange(share ? draftFromShare(share) : { ...draft, user });
          }}
        />
      )}
      <Section id="share-general" title={translate('projects.share.general')}>
        <GeneralPermissions draft={draft} onChange={onChange} disabled={disabled} />
      </Section>
      <Section id="share-environments" title={translate('projects.share.environments')}>
        <EnvironmentPermissions
          draft={draft}
          onChange={onChange}
          disabled={disabled}
          environments={environments}
        />
      </Section>
      <Section id="share-access" title={translate('projects.share.access')}>
        <AccessTreeEditor
          value={draft.access}
          onChange={(access) => onChange({ ...draft, access })}
          disabled={disabled}
        />
      </Section>
    </Stack>
  );
}
