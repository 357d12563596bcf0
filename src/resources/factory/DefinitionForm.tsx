import { Grid } from '@mui/material';
import { formFields, type ResourceDefinition } from '../../../protocol/resource-definition';
import { TEXT_AREA_FROM, type FieldSchema } from '../../../protocol/resource-schema';
import { useFieldLabel } from '../schema/fieldLabel';
import { DefinitionInput } from './DefinitionInput';

/**
 * The inputs of a declared create or edit form (formFields), in definition order, two columns
 * on wide screens. Read-only fields are shown disabled on edit. File fields have no input yet.
 */
export function DefinitionInputs({
  definition,
  mode,
  shown = () => true,
}: {
  definition: ResourceDefinition;
  mode: 'create' | 'edit';
  /** The inputs a hand-written form shows now (those its record's type uses); all by default. */
  shown?: (field: FieldSchema) => boolean;
}) {
  const label = useFieldLabel(definition.name);
  const fields = formFields(definition, mode).filter(
    (field) => field.type !== 'file' && shown(field),
  );
  return (
    <Grid container columnSpacing={2}>
      {fields.map((field) => {
        const wide =
          ['longtext', 'json'].includes(field.type) || (field.maxLength ?? 0) > TEXT_AREA_FROM;
        return (
          <Grid key={field.source} size={wide ? 12 : { xs: 12, sm: 6 }}>
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
