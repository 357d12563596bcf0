import { useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { SELECTIVE_PROVISIONING } from '../../../../protocol/selection';
import { StatementEditor } from '../selection/StatementEditor';
import { useSaveRule, useSelectionRules, type RuleFormProps } from '../selection/useSelectionRules';
import type { TableTabProps } from '../tabProps';

/**
 * Tab 5 (001 §2, §5): each gen_ table's provisioning criteria (SELECTIVE 10), the rows a
 * device's initial database includes; the chosen table's criteria in the second SQL editor,
 * tested with callProvision and saved with UpdateAST. Without criteria a provision follows the
 * table's replica rule (server/selection/device-rows.ts).
 */
export function ProvisioningTab({ database, table, readOnly }: TableTabProps) {
  const translate = useTranslate();
  const rules = useSelectionRules(database);
  const rule = rules.data?.find((row) => row.TABLENAME === table);
  if (rules.isLoading) return <LinearProgress />;
  if (rules.error) return <Alert severity="error">{(rules.error as Error).message}</Alert>;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('selection.provisioning.help')}
      </Typography>
      <TableContainer component={Card} variant="outlined">
        <Table size="small" aria-label={translate('selection.provisioning.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('selection.provisioning.table')}</TableCell>
              <TableCell>{translate('selection.provisioning.criteria')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(rules.data ?? []).map((row) => (
              <TableRow key={row.TABLENAME} selected={row.TABLENAME === table}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{row.TABLENAME}</TableCell>
                <TableCell
                  sx={{
                    wordBreak: 'break-word',
                    fontFamily: row.SELECTIVE === SELECTIVE_PROVISIONING ? 'monospace' : undefined,
                  }}
                >
                  {row.SELECTIVE === SELECTIVE_PROVISIONING
                    ? row.CRITERIAPROVISIONNING
                    : translate('selection.provisioning.none')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
