import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportMacro } from '../../../protocol/report-macros';

/**
 * The macros of a report, filled before it runs (001 §5): a text field each, a combo where the
 * macro offers options, defaults prefilled. Every macro must have a value.
 */
export function MacroDialog({
  macros,
  onRun,
  onClose,
}: {
  macros: ReportMacro[];
  onRun(values: Record<string, string>): void;
  onClose(): void;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(macros.map((macro) => [macro.key, macro.value])) as Record<string, string>,
  );
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (macros.some((macro) => (values[macro.key] ?? '') === '')) setMissing(true);
    else onRun(values);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="report-macros-title" fullWidth maxWidth="xs">
      <DialogTitle id="report-macros-title">{translate('reports.macros.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {missing && <Alert severity="warning">{translate('reports.macros.required')}</Alert>}
          {macros.map((macro, index) => (
            <TextField
              key={macro.key}
              label={macro.key}
              value={values[macro.key] ?? ''}
              onChange={(event) => setValues({ ...values, [macro.key]: event.target.value })}
              select={macro.combo.length > 0}
              required
              autoFocus={index === 0}
              size="small"
              error={missing && (values[macro.key] ?? '') === ''}
            >
              {macro.combo.map((option, at) => (
                <MenuItem key={option} value={option}>
                  {macro.combotext[at]}
                </MenuItem>
              ))}
            </TextField>
          ))}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('reports.macros.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate('reports.macros.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
