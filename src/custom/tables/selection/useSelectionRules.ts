import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { SelectionRule } from '../../../../protocol/selection';
import type { RuleChange } from '../../../dataProvider/selectionCalls';

/** The project's selection rules, one per gen_ table (selectionRules), shared by tabs 2, 4 and 5. */
export function useSelectionRules(database: number, enabled = true) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const client = useQueryClient();
  const key = ['flota', 'selectionRules', database];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await dataProvider.selectionRules(database)).data,
    enabled,
  });
  return { ...query, refresh: () => client.invalidateQueries({ queryKey: key }) };
}

/** Saves a rule (UpdateAST): the server's answer as a toast, then the rules read again. */
export function useSaveRule(database: number, refresh: () => Promise<void>) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [saving, setSaving] = useState(false);
  const save = async (change: RuleChange) => {
    setSaving(true);
    try {
      const answer = await dataProvider.saveRule(database, change);
      notify(answer.message, { type: 'success' });
      if (answer.pending > 0) {
        notify(translate('selection.editor.pending', { smart_count: answer.pending }), {
          type: 'info',
        });
      }
      await refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

/** What a form on one table's saved rule gets (tab 2's rule, tab 5's criteria). */
export interface RuleFormProps {
  database: number;
  rule: SelectionRule;
  readOnly: boolean;
  refresh(): Promise<void>;
}
