import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
} from '@mui/material';
import { useGetList, useInput, useTranslate, type Validator } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';

interface ReferenceChecklistProps {
  source: string;
  label: string;
  target: ResourceDefinition;
  validate: Validator;
  disabled: boolean;
}

/** How many rows of the target a checklist shows; references to larger lists need a search. */
const CHECKLIST_ROWS = 100;

/**
 * A `reference` field with `multiple`: the target's rows as checkboxes, with "all" and "none"
 * (001 §2: the user's environments). The value is the list of the chosen rows' ids.
 */
export function ReferenceChecklist({
  source,
  label,
  target,
  validate,
  disabled,
}: ReferenceChecklistProps) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate, defaultValue: [] });
  const { data = [] } = useGetList(target.name, {
    pagination: { page: 1, perPage: CHECKLIST_ROWS },
    sort: target.sort,
  });
  const chosen = new Set<string>(((field.value as unknown[]) ?? []).map(String));
  const set = (ids: unknown[]) => field.onChange(ids.map((id) => Number(id)));
  const toggle = (id: unknown) =>
    set(
      chosen.has(String(id)) ? [...chosen].filter((each) => each !== String(id)) : [...chosen, id],
    );
  const groupId = `checklist-${source}`;
  return (
    <FormControl
      component="fieldset"
      error={Boolean(fieldState.error)}
      disabled={disabled}
      fullWidth
      sx={{ mb: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormLabel component="legend" id={groupId} sx={{ mr: 'auto' }}>
          {label}
        </FormLabel>
        <Button size="small" disabled={disabled} onClick={() => set(data.map((row) => row.id))}>
          {translate('factory.checklist.all')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => set([])}>
          {translate('factory.checklist.none')}
        </Button>
      </Box>
      <FormGroup aria-labelledby={groupId}>
        {data.map((row) => (
          <FormControlLabel
            key={String(row.id)}
            control={
              <Checkbox checked={chosen.has(String(row.id))} onChange={() => toggle(row.id)} />
            }
            label={String(row[target.labelField] ?? row.id)}
          />
        ))}
      </FormGroup>
      {fieldState.error?.message && (
        <FormHelperText>{translate(fieldState.error.message)}</FormHelperText>
      )}
    </FormControl>
  );
}
