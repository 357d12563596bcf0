import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useInput, useLocale, useTranslate } from 'react-admin';
import { CUSTOM_FIELD_TYPE_CHOICES } from '../../../protocol/custom-entity';
import { CustomFieldDialog } from './CustomFieldDialog';

type Values = Record<string, unknown>;

const atLeastOne = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'customEntities.no_fields';

/**
 * A custom entity's fields: listed in order, each changed in the field dialog, moved up or down,
 * removed; a new one added. Fields the entity already had keep their name and type.
 */
export function CustomFieldsInput({ stored }: { stored: readonly string[] }) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const { field, fieldState, formState } = useInput({ source: 'fields', validate: atLeastOne });
  const fields = (field.value ?? []) as Values[];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const change = (next: Values[]) => field.onChange(next);
  const move = (from: number, to: number) => {
    const next = [...fields];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    change(next);
  };
  const typeLabel = (type: unknown) =>
    CUSTOM_FIELD_TYPE_CHOICES.find((choice) => choice.code === type)?.label[language] ?? '';
  const labelOf = (each: Values) =>
    (each.label as { es: string; en: string } | undefined)?.[language] ?? String(each.name);
  const edited = typeof editing === 'number' ? fields[editing] : null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {translate('customEntities.fields')}
      </Typography>
      <List dense aria-label={translate('customEntities.fields')}>
        {fields.map((each, index) => {
          const name = labelOf(each);
          const named = (key: string) => translate(key, { field: name });
          return (
            <ListItem key={String(each.name)} divider sx={{ gap: 1, pr: 0 }}>
              <ListItemText
                primary={name}
                secondary={`${String(each.name)} · ${typeLabel(each.type)}`}
                sx={{ minWidth: 0 }}
              />
              <Box sx={{ display: 'flex', flexShrink: 0 }}>
                <IconButton
                  size="small"
                  aria-label={named('customise.move_up')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <KeyboardArrowDownIcon fontSize="small" sx={{ transform: 'rotate(180deg)' }} />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={named('customise.move_down')}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <KeyboardArrowDownIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={named('customise.edit_field')}
                  onClick={() => setEditing(index)}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={named('customEntities.remove_field')}
                  onClick={() => change(fields.filter((_, at) => at !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            </ListItem>
          );
        })}
      </List>
      {fieldState.error && (fieldState.isTouched || formState.isSubmitted) && (
        <FormHelperText error>{translate(fieldState.error.message ?? '')}</FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
        {translate('customEntities.add_field')}
      </Button>
      {editing !== null && (
        <CustomFieldDialog
          initial={edited ?? {}}
          mode={edited && stored.includes(String(edited.name)) ? 'edit' : 'create'}
          title={
            edited
              ? translate('customise.field_title', { field: labelOf(edited) })
              : translate('customEntities.new_field')
          }
          onClose={() => setEditing(null)}
          onApply={(body) => {
            change(
              typeof editing === 'number'
                ? fields.map((each, at) => (at === editing ? body : each))
                : [...fields, body],
            );
            field.onBlur();
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}
