import { useMemo, useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { PROVISIONING_CRITERIA } from '../../../../protocol/resources/provisioning-criteria';
import { SELECTIVE_PROVISIONING } from '../../../../protocol/selection';
import { DeclaredTabList } from '../DeclaredTabList';
import { StatementEditor } from '../selection/StatementEditor';
import { useSaveRule, useSelectionRules, type RuleFormProps } from '../selection/useSelectionRules';
import type { TableTabProps } from '../tabProps';

/**
 * Tab 5 (001 §2, §5): each gen_ table's provisioning criteria (SELECTIVE 10), the rows a
 * device's initial database includes, as the declared resource `provisioning-criteria` listed
 * from the rules the screen holds (the chosen table's row selected); the chosen table's criteria
 * in the second SQL editor, tested with callProvision and saved with UpdateAST. Without criteria
 * a provision follows the table's replica rule (server/selection/device-rows.ts).
 */
export function ProvisioningTab({ database, table, readOnly }: TableTabProps) {
  const translate = useTranslate();
  const rules = useSelectionRules(database);
  const rule = rules.data?.find((row) => row.TABLENAME === table);
  const rows = useMemo(
    () => (rules.data ?? []).map((row) => ({ ...row, id: row.TABLENAME })),
    [rules.data],
  );
  if (rules.isLoading) return <LinearProgress />;
  if (rules.error) return <Alert severity="error">{(rules.error as Error).message}</Alert>;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('selection.provisioning.help')}
      </Typography>
      <DeclaredTabList
        definition={PROVISIONING_CRITERIA}
        database={database}
        data={rows}
        label={translate('selection.provisioning.title')}
        current={rule?.TABLENAME}
      />
      {!rule ? (
        <Alert severity="info">{translate('selection.provisioning.choose')}</Alert>
      ) : (
        <CriteriaForm
          key={JSON.stringify(rule)}
          database={database}
          rule={rule}
          readOnly={readOnly}
          refresh={rules.refresh}
        />
      )}
    </Stack>
  );
}

/** The chosen table's provisioning criteria, from its saved rule. */
function CriteriaForm({ database, rule, readOnly, refresh }: RuleFormProps) {
  const translate = useTranslate();
  const [selective, setSelective] = useState(rule.SELECTIVE === SELECTIVE_PROVISIONING);
  const [statement, setStatement] = useState(rule.CRITERIAPROVISIONNING);
  const { save: saveRule, saving } = useSaveRule(database, refresh);
  const save = (mid: string) =>
    saveRule({
      TABLENAME: rule.TABLENAME,
      SELECTIVE: selective ? SELECTIVE_PROVISIONING : 0,
      CRITERIAPROVISIONNING: statement,
      MID: mid || undefined,
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="provisioning-title">
      <CardContent>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography id="provisioning-title" variant="subtitle1" component="h3">
            {`${translate('selection.provisioning.title')}: ${rule.TABLENAME}`}
          </Typography>
          <FormControlLabel
            disabled={readOnly}
            control={
              <Checkbox
                checked={selective}
                onChange={(event) => setSelective(event.target.checked)}
              />
            }
            label={translate('selection.provisioning.selective')}
          />
          <StatementEditor
            key={rule.TABLENAME}
            database={database}
            table={rule.TABLENAME}
            kind="provision"
            value={statement}
            stored={rule.CRITERIAPROVISIONNING}
            onChange={setStatement}
            readOnly={readOnly}
            onSave={(mid) => void save(mid)}
            saving={saving}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
