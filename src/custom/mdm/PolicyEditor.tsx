import { Alert, Box, Button, Chip, Stack, Tab, Typography } from '@mui/material';
import { PageTabs } from '../../layout/PageTabs';
import { useMemo, useState } from 'react';
import { Link, useLocale, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { issueText } from '../../../protocol/mdm/policy-issues';
import {
  POLICY_SCHEMAS,
  type PolicyDocument,
  type PolicyPlatform,
} from '../../../protocol/mdm/policy-schema';
import { choiceLabel } from '../../../protocol/resource-schema';
import { MDM_POLICIES } from '../../../protocol/resources/mdm-policies';
import { PageTitle } from '../../layout/PageTitle';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { PolicyJsonTab } from './PolicyJsonTab';
import { PolicySettingsForm } from './PolicySettingsForm';
import { PolicyVersions } from './PolicyVersions';
import { PolicyAssignments } from './PolicyAssignments';

export interface PolicyRecord {
  id: number;
  version: number;
  name: string;
  description: string | null;
  platform: PolicyPlatform;
  policyVersion: number;
  document: PolicyDocument | null;
}

export type TabName = 'settings' | 'json' | 'versions' | 'groups';

const PLATFORM_FIELD = MDM_POLICIES.fields.find((field) => field.source === 'platform')!;

const asJson = (document: PolicyDocument) => JSON.stringify(document, null, 2);

/**
 * The editor of one policy: the form and the JSON tab edit one draft of the document (a change
 * in either shows in the other), checked as the server checks it before it is sent; saving sends
 * the version it read, so a policy changed meanwhile is refused as the engine refuses any stale
 * edit.
 */
interface PolicyEditorProps {
  record: PolicyRecord;
  tab: TabName;
  onTab(tab: TabName): void;
}

export function PolicyEditor({ record, tab, onTab: setTab }: PolicyEditorProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending: saving }] = useUpdate();
  const mayEdit = useDefinitionAccess(MDM_POLICIES).can('edit');
  const stored = record.document ?? {};
  const platformLabel = choiceLabel(PLATFORM_FIELD, record.platform, language);
  const [document, setDocument] = useState<PolicyDocument>(stored);
  const [json, setJson] = useState(() => asJson(stored));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [name, setName] = useState(record.name);
  const [description, setDescription] = useState(record.description ?? '');

  const problems = useMemo(() => {
    const checked = POLICY_SCHEMAS[record.platform].safeParse(document);
    return checked.success
      ? []
      : checked.error.issues.map((issue) => issueText(issue, record.platform, language));
  }, [document, record.platform, language]);

  const fromForm = (next: PolicyDocument) => {
    setDocument(next);
    setJson(asJson(next));
    setJsonError(null);
  };
  const fromJson = (text: string) => {
    setJson(text);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error('{ … }');
      }
      setDocument(parsed as PolicyDocument);
      setJsonError(null);
    } catch (error) {
      setJsonError((error as Error).message);
    }
  };

  const changed =
    JSON.stringify(document) !== JSON.stringify(stored) ||
    name !== record.name ||
    description !== (record.description ?? '');

  const save = () =>
    update(
      'mdm-policies',
      { id: record.id, data: { name, description, document }, previousData: record },
      {
        onSuccess: (saved) => {
          notify('mdm.policy.saved', {
            type: 'success',
            messageArgs: { version: (saved as PolicyRecord).policyVersion },
          });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%' }}>
      <PageTitle title={translate('mdm.policy.title', { name: record.name })} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
        useFlexGap
      >
        <Link to={MDM_POLICIES.path}>{translate('mdm.policy.back')}</Link>
        <Chip size="small" label={platformLabel} />
        <Chip
          size="small"
          color="primary"
          label={translate('mdm.policy.version', { version: record.policyVersion })}
        />
        <Box sx={{ flexGrow: 1 }} />
        {mayEdit && (
          <Button
            variant="contained"
            onClick={save}
            disabled={!changed || saving || jsonError !== null || problems.length > 0}
          >
            {translate('mdm.policy.save')}
          </Button>
        )}
      </Stack>
      {!mayEdit && <Alert severity="info">{translate('mdm.policy.read_only')}</Alert>}
      {mayEdit && changed && (
        <Typography variant="body2" color="text.secondary">
          {translate('mdm.policy.unsaved')}
        </Typography>
      )}
      {jsonError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('mdm.policy.invalid_json', { error: jsonError })}
        </Alert>
      )}
      {!jsonError && problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('mdm.policy.problems')}
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            {problems.slice(0, 8).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      <PageTabs value={tab} onChange={setTab}>
        <Tab value="settings" label={translate('mdm.policy.tabs.settings')} />
        <Tab value="json" label={translate('mdm.policy.tabs.json')} />
        <Tab value="versions" label={translate('mdm.policy.tabs.versions')} />
        <Tab value="groups" label={translate('mdm.policy.tabs.groups')} />
      </PageTabs>
      {tab === 'settings' && (
        <PolicySettingsForm
          platform={record.platform}
          document={document}
          onChange={fromForm}
          name={name}
          onName={setName}
          description={description}
          onDescription={setDescription}
          readOnly={!mayEdit}
          disabled={jsonError !== null}
        />
      )}
      {tab === 'json' && (
        <PolicyJsonTab
          policyId={record.id}
          platform={record.platform}
          platformLabel={platformLabel}
          value={json}
          onChange={fromJson}
          readOnly={!mayEdit}
        />
      )}
      {tab === 'versions' && <PolicyVersions policyId={record.id} platform={record.platform} />}
      {tab === 'groups' && <PolicyAssignments policyId={record.id} name={record.name} />}
    </Box>
  );
}
