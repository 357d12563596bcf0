import { Alert, Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ScreenFallback } from '../../layout/ScreenFallback';
import { PolicyEditor, type PolicyRecord, type TabName } from './PolicyEditor';

/**
 * `/app/mdmpoliciesedit?policyid=<id>` (002 §2, issue 36): one MDM policy, its common settings as
 * a form, its whole document as JSON, and its versions with a diff. Lazy-loaded; the policy is
 * read through the declared resource `mdm-policies` (the engine's show and edit).
 */
export default function PolicyEditorPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const id = Number(params.get('policyid'));
  const valid = Number.isInteger(id) && id > 0;
  const policy = useGetOne<PolicyRecord>('mdm-policies', { id }, { enabled: valid });
  // Kept here: a save starts a new editor, on the tab where it was made.
  const [tab, setTab] = useState<TabName>('settings');
  if (!valid) return <Alert severity="warning">{translate('mdm.policy.no_id')}</Alert>;
  if (policy.isPending) return <ScreenFallback />;
  if (policy.error) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{(policy.error as Error).message}</Alert>
      </Box>
    );
  }
  // A new editor per stored version: what was saved is what it starts from.
  return <PolicyEditor key={policy.data.version} record={policy.data} tab={tab} onTab={setTab} />;
}
