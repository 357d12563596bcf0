import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionInputs } from './DefinitionForm';

interface TypedInputsProps {
  definition: ResourceDefinition;
  /** The inputs each value of the form's `type` uses; the first entry's while none is chosen. */
  inputs: Readonly<Record<string, readonly string[]>>;
  /** The i18n key of a help line for each type. */
  help: Readonly<Record<string, string>>;
}

/**
 * A create form whose inputs depend on the record's `type` (a certificate's kind, a client's):
 * a help line for the type chosen and the declared inputs it uses.
 */
export function TypedInputs({ definition, inputs, help }: TypedInputsProps) {
  const translate = useTranslate();
  const first = Object.keys(inputs)[0];
  const chosen = String(useWatch({ name: 'type' }) ?? first);
  const type = Object.hasOwn(inputs, chosen) ? chosen : first;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(help[type])}
      </Typography>
      <DefinitionInputs
        definition={definition}
        mode="create"
        shown={(field) => inputs[type].includes(field.source)}
      />
    </>
  );
}
