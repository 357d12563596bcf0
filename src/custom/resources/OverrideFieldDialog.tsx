import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ADDED_FLAGS } from '../../../protocol/resource-override';
import { CHANGE_FLAGS, fieldForm, type FieldForm, type FieldRow } from './overrideForm';

interface OverrideFieldDialogProps {
  row: FieldRow;
  /** The field's label as the console shows it now. */
  name: string;
  onClose(): void;
  onApply(form: FieldForm): void;
}

const MAX_LENGTH = 1_000_000;

/** What is wrong with the dialog's values, as i18n keys by input. */
function problems(form: FieldForm) {
  const es = form.label.es.trim();
  const en = form.label.en.trim();
  return {
    label: (es === '') !== (en === '') ? 'customise.label_both' : null,
    maxLength:
      form.maxLength !== null &&
      (!Number.isInteger(form.maxLength) || form.maxLength < 1 || form.maxLength > MAX_LENGTH)
        ? 'customise.max_length_range'
        : null,
  };
}

/**
 * One field's changes: its label in both languages, where it is used (column, filter, sort,
 * export, form), whether the form requires it or only shows it, its longest text, and whether it
 * is hidden. "Aplicar" changes the editor's text; nothing is saved until "Guardar".
 */
export function OverrideFieldDialog({ row, name, onClose, onApply }: OverrideFieldDialogProps) {
  const translate = useTranslate();
  const [form, setForm] = useState<FieldForm>(() => fieldForm(row));
  const wrong = problems(form);
  const flags = row.added ? ADDED_FLAGS : CHANGE_FLAGS;
  const setLabel = (language: 'es' | 'en', value: string) =>
    setForm({ ...form, label: { ...form.label, [language]: value } });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="field-dialog-title">
      <DialogTitle id="field-dialog-title">
        {translate('customise.field_title', { field: name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(['es', 'en'] as const).map((language) => (
            <TextField
              key={language}
              size="small"
              label={translate(`customise.label_${language}`)}
              value={form.label[language]}
              placeholder={name}
              onChange={(event) => setLabel(language, event.target.value)}
              error={wrong.label !== null}
              helperText={
                language === 'en' ? translate(wrong.label ?? 'customise.label_help') : undefined
              }
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          ))}
          <FormGroup>
            {flags.map((flag) => (
              <FormControlLabel
                key={flag}
                label={translate(`customise.flags.${flag}`)}
                control={
                  <Checkbox
                    size="small"
                    checked={form.flags[flag]}
                    onChange={(event) =>
                      setForm({ ...form, flags: { ...form.flags, [flag]: event.target.checked } })
                    }
                  />
                }
              />
            ))}
            <FormControlLabel
              label={translate('customise.flags.hidden')}
              control={
                <Checkbox
                  size="small"
                  checked={form.hidden}
                  disabled={row.hidden === 'below'}
                  onChange={(event) => setForm({ ...form, hidden: event.target.checked })}
                />
              }
            />
            {row.hidden === 'below' && (
              <FormHelperText>{translate('customise.hidden_below')}</FormHelperText>
            )}
          </FormGroup>
          <TextField
            size="small"
            type="number"
            label={translate('customise.max_length')}
            value={form.maxLength ?? ''}
            onChange={(event) =>
              setForm({
                ...form,
                maxLength: event.target.value === '' ? null : Number(event.target.value),
              })
            }
            error={wrong.maxLength !== null}
            helperText={translate(wrong.maxLength ?? 'customise.max_length_help')}
            slotProps={{ htmlInput: { min: 1, max: MAX_LENGTH, step: 1 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={wrong.label !== null || wrong.maxLength !== null}
          onClick={() => onApply(form)}
        >
          {translate('customise.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
