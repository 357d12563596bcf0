import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { isSystemSource } from '../../../../protocol/tables';
import { selectionMode, type SelectionMode } from '../../../../protocol/selection';
import type { TableTabProps } from '../tabProps';
import { StatementEditor } from './StatementEditor';
import { useSaveRule, useSelectionRules, type RuleFormProps } from './useSelectionRules';

/**
 * Tab 2's lower half (001 §2, §4): the chosen table's rule — not selected, all records
 * (ALWAYS 1) or by criteria (ALWAYS 0, the second SQL editor) — and whether the criteria apply to
 * every device (ALLMID). Saving is UpdateAST; the server checks the statement again.
 */
export function SelectionPanel({ database, source, table, readOnly }: TableTabProps) {
  const translate = useTranslate();
  const system = isSystemSource(source);
  const rules = useSelectionRules(database, !system);
  const rule = rules.data?.find((row) => row.TABLENAME === table);
  if (system || table === null) return null;
  if (rules.isLoading) return <LinearProgress />;
  if (rules.error) return <Alert severity="error">{(rules.error as Error).message}</Alert>;
  if (!rule) return <Alert severity="info">{translate('selection.rule.not_replicated')}</Alert>;
  // A saved change reloads the rules: the form starts again from what was saved.
  return (
    <RuleForm
      key={JSON.stringify(rule)}
      database={database}
      rule={rule}
      readOnly={readOnly}
      refresh={rules.refresh}
    />
  );
}

function RuleForm({ database, rule, readOnly, refresh }: RuleFormProps) {
  const translate = useTranslate();
  const table = rule.TABLENAME;
  const [mode, setMode] = useState<SelectionMode>(selectionMode(rule));
  const [allmid, setAllmid] = useState(rule.ALLMID);
  const [statement, setStatement] = useState(rule.STATEMENT);
  const { save: saveRule, saving } = useSaveRule(database, refresh);
  const save = (mid: string) =>
    saveRule({
      TABLENAME: table,
      SELECTED: mode !== 'none',
      ALWAYS: mode === 'criteria' ? 0 : 1,
      ALLMID: allmid,
      ...(mode === 'criteria' ? { STATEMENT: statement } : {}),
      MID: mid || undefined,
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="selection-rule-title">
      <CardContent>
        <Stack spacing={1.5} sx={{ minWidth: 0 }}>
          <Typography id="selection-rule-title" variant="subtitle1" component="h3">
            {translate('selection.rule.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(rule.SAVED ? 'selection.rule.help' : 'selection.rule.default')}
          </Typography>
          <FormControl disabled={readOnly}>
            <FormLabel id="selection-mode">{translate('selection.rule.mode')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="selection-mode"
              value={mode}
              onChange={(event) => setMode(event.target.value as SelectionMode)}
            >
              {(['none', 'all', 'criteria'] as const).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={translate(`selection.rule.${value}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {mode !== 'none' && (
            <FormControl disabled={readOnly}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allmid}
                    onChange={(event) => setAllmid(event.target.checked)}
                  />
                }
                label={translate('selection.rule.allmid')}
              />
              <FormHelperText>{translate('selection.rule.allmid_help')}</FormHelperText>
            </FormControl>
          )}
          {mode === 'criteria' ? (
            <StatementEditor
              database={database}
              table={table}
              kind="replica"
              value={statement}
              stored={rule.STATEMENT}
              onChange={setStatement}
              readOnly={readOnly}
              onSave={(mid) => void save(mid)}
              saving={saving}
            />
          ) : (
            !readOnly && (
              <Stack direction="row">
                <SaveButton onClick={() => void save('')} disabled={saving} />
              </Stack>
            )
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function SaveButton({ onClick, disabled }: { onClick(): void; disabled: boolean }) {
  const translate = useTranslate();
  return (
    <Button
      variant="contained"
      color="secondary"
      size="small"
      onClick={onClick}
      disabled={disabled}
    >
      {translate('selection.editor.save')}
    </Button>
  );
}
