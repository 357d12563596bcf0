import { Grid } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { formFields, type ResourceDefinition } from '../../../protocol/resource-definition';
import { TEXT_AREA_FROM, type FieldSchema } from '../../../protocol/resource-schema';
import { useFieldLabel } from '../schema/fieldLabel';
import { DefinitionInput } from './DefinitionInput';

/**
 * The inputs of a declared create or edit form (formFields), in definition order, two columns
 * on wide screens (or three). Read-only fields are shown disabled on edit. File fields have no input yet.
 */
export function DefinitionInputs({
  definition,
  mode,
  shown = () => true,
  columns = 2,
}: {
  definition: ResourceDefinition;
  mode: 'create' | 'edit';
  /** The inputs a hand-written form shows now (those its record's type uses); all by default. */
  shown?: (field: FieldSchema) => boolean;
  /** Columns of fields on wide screens (the record editor has three for a wide table). */
  columns?: 2 | 3;
}) {
  const fields = formFields(definition, mode).filter(
    (field) => field.type !== 'file' && shown(field),
  );
  const grid = { definition, mode, columns, fields };
  // Only a form with fields shown on a condition watches its values (every change re-renders).
  return fields.some((field) => field.shownWhen) ? (
    <WatchedInputs {...grid} />
  ) : (
    <InputsGrid {...grid} />
  );
}

interface InputsGridProps {
  definition: ResourceDefinition;
  mode: 'create' | 'edit';
  columns: 2 | 3;
  fields: FieldSchema[];
}

/** The inputs whose `shownWhen` holds for the form's values now. */
function WatchedInputs(props: InputsGridProps) {
  const values = (useWatch() ?? {}) as Record<string, unknown>;
  const fields = props.fields.filter(
    ({ shownWhen: when }) =>
      !when || when.is.some((value) => String(value) === String(values[when.field] ?? '')),
  );
  return <InputsGrid {...props} fields={fields} />;
}

function InputsGrid({ definition, mode, columns, fields }: InputsGridProps) {
  const label = useFieldLabel(definition.name);
  return (
    <Grid container columnSpacing={2}>
      {fields.map((field) => {
        const wide =
          ['longtext', 'json'].includes(field.type) || (field.maxLength ?? 0) > TEXT_AREA_FROM;
        return (
          <Grid key={field.source} size={wide ? 12 : { xs: 12, sm: 6, md: 12 / columns }}>
            <DefinitionInput
              field={field}
              label={label(field)}
              disabled={mode === 'edit' && field.readOnly}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
