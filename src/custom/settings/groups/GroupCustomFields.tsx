import { useEffect, type MutableRefObject } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { Form, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../../protocol/resource-definition';
import type { FieldSchema } from '../../../../protocol/resource-schema';
import { DefinitionInputs } from '../../../resources/factory/DefinitionForm';
import { FieldValueList } from '../../../resources/factory/FieldValueList';
import { useFieldLabel } from '../../../resources/schema/fieldLabel';

type Values = Record<string, unknown>;

/** Checks the custom fields and answers their values, or null when one is refused (shown inline). */
export type CustomValues = () => Promise<Values | null>;

const isCustom = (field: FieldSchema) => field.custom === true;

/** Hands the form's check-and-read to the editor, whose save button is outside this form. */
function Submitter({
  custom,
  submitRef,
}: {
  custom: FieldSchema[];
  submitRef: MutableRefObject<CustomValues | null>;
}) {
  const { handleSubmit } = useFormContext();
  useEffect(() => {
    submitRef.current = () =>
      new Promise((resolve) => {
        void handleSubmit(
          (values) =>
            resolve(Object.fromEntries(custom.map((f) => [f.source, values[f.source] ?? null]))),
          () => resolve(null),
        )();
      });
    return () => void (submitRef.current = null);
  }, [custom, handleSubmit, submitRef]);
  return null;
}

/**
 * The company's and project's custom fields of groups in the group editor: the factory's own
 * inputs (DefinitionInputs, the effective definition's rules and texts), in a form of their own
 * beside the editor's hand-written parts; their values are saved with the group by the engine.
 */
export function GroupCustomFields({
  definition,
  record,
  mode,
  readOnly,
  submitRef,
}: {
  definition: ResourceDefinition;
  record: Values;
  mode: 'create' | 'edit';
  readOnly: boolean;
  submitRef: MutableRefObject<CustomValues | null>;
}) {
  const translate = useTranslate();
  const label = useFieldLabel(definition.name);
  const fields = definition.fields.filter(isCustom);
  if (fields.length === 0) return null;
  return (
    <Box component="section" aria-label={translate('groups.editor.custom')} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('groups.editor.custom')}
      </Typography>
      {readOnly ? (
        <FieldValueList fields={fields} record={record} label={label} />
      ) : (
        // Enter in an input saves nothing by itself: the editor's button saves the whole group.
        <Form record={record} resource={definition.name} onSubmit={() => undefined} noValidate>
          <DefinitionInputs definition={definition} mode={mode} shown={isCustom} />
          <Submitter custom={fields} submitRef={submitRef} />
        </Form>
      )}
    </Box>
  );
}
