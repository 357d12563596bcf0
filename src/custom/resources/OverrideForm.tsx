import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { OverrideTarget, ResourceOverride } from '../../../protocol/resource-override';
import { useFieldLabel } from '../../resources/schema/fieldLabel';
import { OverrideFieldDialog } from './OverrideFieldDialog';
import { OverrideFields } from './OverrideFields';
import { fieldRows, moveField, withFieldForm, type FieldRow } from './overrideForm';

interface OverrideFormProps {
  target: OverrideTarget;
  /** The layers under the edited one, merged. */
  below: ResourceOverride;
  /** The edited layer, as the editor's text holds it. */
  layer: ResourceOverride;
  readOnly: boolean;
  onChange(layer: ResourceOverride): void;
}

/** The override as a form: the field list in its order, each field opened in its dialog. */
export function OverrideForm({ target, below, layer, readOnly, onChange }: OverrideFormProps) {
  const translate = useTranslate();
  const fieldLabel = useFieldLabel(target.name);
  const [editing, setEditing] = useState<number | null>(null);
  const rows = fieldRows(target, below, layer);
  const label = (row: FieldRow) => fieldLabel(row.field);
  const edited = editing === null ? undefined : rows[editing];
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('customise.form_hint')}
      </Typography>
      <OverrideFields
        rows={rows}
        label={label}
        disabled={readOnly}
        onMove={(from, to) => onChange(moveField(rows, layer, from, to))}
        onEdit={setEditing}
      />
      {edited && (
        <OverrideFieldDialog
          key={edited.field.source}
          row={edited}
          name={label(edited)}
          onClose={() => setEditing(null)}
          onApply={(form) => {
            onChange(withFieldForm(target, below, layer, edited.field.source, form));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
