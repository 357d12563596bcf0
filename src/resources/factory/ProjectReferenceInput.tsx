import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  TextInput,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import type { FieldSchema } from '../../../protocol/resource-schema';
import type { definitionValidator } from '../schema/fieldValidator';

interface ProjectReferenceInputProps {
  field: FieldSchema & { projectField: string };
  target: ResourceDefinition;
  label: string;
  validate: ReturnType<typeof definitionValidator>;
  disabled: boolean;
}

interface ReferencePickerProps {
  target: ResourceDefinition;
  label: string;
  validate: ReturnType<typeof definitionValidator>;
  disabled: boolean;
}

/** The picker of a reference input: the target's rows by their label, searched when it can. */
export function ReferencePicker({ target, label, validate, disabled }: ReferencePickerProps) {
  return (
    <AutocompleteInput
      label={label}
      validate={validate}
      disabled={disabled}
      optionText={target.labelField}
      filterToQuery={(q) => (target.search ? { q } : {})}
      fullWidth
    />
  );
}

/** The picker of several rows (`multiple`): chips of the rows picked, searched when it can. */
function ReferencesPicker({ target, label, validate, disabled }: ReferencePickerProps) {
  return (
    <AutocompleteArrayInput
      label={label}
      validate={validate}
      disabled={disabled}
      optionText={target.labelField}
      filterToQuery={(q) => (target.search ? { q } : {})}
      fullWidth
    />
  );
}

/**
 * A reference to a project's resource (`projectField`, a role's device groups): the picker lists
 * the rows of the project the form's other field names now, and is disabled while it names none;
 * another project clears the rows picked (they were of the one before). With `multiple`, several
 * rows are picked (the value is their ids).
 */
export function ProjectReferenceInput(props: ProjectReferenceInputProps) {
  const { field, target, label, validate, disabled } = props;
  const project = useWatch({ name: field.projectField }) as unknown;
  const { setValue } = useFormContext();
  const shown = useRef(project);
  useEffect(() => {
    if (String(shown.current ?? '') === String(project ?? '')) return;
    shown.current = project;
    setValue(field.source, field.multiple ? [] : null, { shouldDirty: true });
  }, [project, field.source, field.multiple, setValue]);
  if (project === null || project === undefined || project === '') {
    return <TextInput source={field.source} label={label} disabled fullWidth />;
  }
  const database = Number(project);
  // One row or several (`multiple`): the same input, its array kind and its chips' picker.
  const Input = field.multiple ? ReferenceArrayInput : ReferenceInput;
  const Picker = field.multiple ? ReferencesPicker : ReferencePicker;
  return (
    <Input
      // A new project: its own rows, asked again.
      key={database}
      source={field.source}
      reference={target.name}
      filter={{ database }}
      queryOptions={{ meta: { database } }}
    >
      <Picker target={target} label={label} validate={validate} disabled={disabled} />
    </Input>
  );
}
