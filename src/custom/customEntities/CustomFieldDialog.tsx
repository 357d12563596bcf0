import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMemo } from 'react';
import {
  ArrayInput,
  Form,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { CustomFieldType } from '../../../protocol/custom-entity';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { customFieldBody, customFieldForm, customFieldInputs } from './customForms';
import { useStoredResources } from './useStoredResources';

type Values = Record<string, unknown>;

interface CustomFieldDialogProps {
  /** The field's values; a new field starts as text. */
  initial: Values;
  /** edit: its name and type (and resource) are kept. */
  mode: 'create' | 'edit';
  /** The custom fields' own screen: the resource the field is added to is chosen too. */
  withResource?: boolean;
  pending?: boolean;
  title: string;
  onApply(body: Values): void;
  onClose(): void;
}

/** The inputs of the type chosen, and the choices of a choice field. */
function CustomFieldInputs({
  mode,
  withResource,
}: {
  mode: 'create' | 'edit';
  withResource: boolean;
}) {
  const translate = useTranslate();
  const type = (useWatch({ name: 'type' }) ?? 'text') as CustomFieldType;
  const resources = useStoredResources();
  const form = useMemo(
    () => customFieldForm(type, resources, withResource),
    [type, resources, withResource],
  );
  const shown = new Set(customFieldInputs(type));
  return (
    <>
      <DefinitionInputs definition={form} mode={mode} shown={(field) => shown.has(field.source)} />
      {type === 'choice' && (
        <ArrayInput
          source="choices"
          label={translate('customEntities.choices')}
          validate={required()}
        >
          <SimpleFormIterator inline disableReordering>
            <TextInput
              source="code"
              label={translate('customEntities.choice_code')}
              validate={required()}
            />
            <TextInput
              source="label.es"
              label={translate('customEntities.choice_es')}
              validate={required()}
            />
            <TextInput
              source="label.en"
              label={translate('customEntities.choice_en')}
              validate={required()}
            />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </>
  );
}

/**
 * A custom field's dialog (issue 34, point 7): its name, type, labels and the options its type
 * has — required, unique, length, range, pattern, default, help, choices, the resource it points
 * to — as inputs with the declared rules; the server checks the body again when it is saved.
 */
export function CustomFieldDialog(props: CustomFieldDialogProps) {
  const { initial, mode, withResource = false, pending = false, title, onApply, onClose } = props;
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="custom-field-title">
      {/* A dialog's form inside the entity's form: its submit stops here, not in the outer form. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        <Form
          record={{ type: 'text', ...initial }}
          onSubmit={(values: Values) => onApply(customFieldBody(values))}
        >
          <DialogTitle id="custom-field-title">{title}</DialogTitle>
          <DialogContent>
            <CustomFieldInputs mode={mode} withResource={withResource} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <SaveButton
              label={withResource ? 'ra.action.save' : 'customEntities.apply'}
              icon={<></>}
              disabled={pending}
              alwaysEnable={!pending}
            />
          </DialogActions>
        </Form>
      </div>
    </Dialog>
  );
}
