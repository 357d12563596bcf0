import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { Form } from 'react-admin';
import { CUSTOM_ENTITIES } from '../../../protocol/resources/custom-entities';
import { DefinitionFormActions } from '../../resources/factory/DefinitionFormActions';
import { DefinitionInputs } from '../../resources/factory/DefinitionForm';
import { useFormTitle } from '../../resources/factory/formTitle';
import { useDefinitionSubmit } from '../../resources/factory/useDefinitionSubmit';
import { useCustomsChanged } from '../../resources/overrides/useCustomsChanged';
import type { EditorProps } from '../../resources/slots';
import { CUSTOM_ENTITY_FORM, NEW_ENTITY } from './customForms';
import { CustomFieldsInput } from './CustomFieldsInput';

type Values = Record<string, unknown>;

/**
 * The custom entities' editor (a slot of `custom-entities`, issue 34 point 8): its name, titles,
 * scope, who reads and who changes it, its menu section and its fields, as a form; saved through
 * the declared verbs, so the server's checks and refusals are those of `/api/rest/custom-entities`.
 */
export function CustomEntityEditor({ target, onClose }: EditorProps) {
  const customsChanged = useCustomsChanged();
  const row = target && target !== 'create' ? (target as Values) : null;
  const done = () => {
    // The new or changed entity's list, forms and menu entry are read again.
    void customsChanged();
    onClose(true);
  };
  const { submit, pending } = useDefinitionSubmit(CUSTOM_ENTITIES, row, undefined, done);
  const title = useFormTitle(CUSTOM_ENTITIES, row);
  const mode = row ? 'edit' : 'create';
  const stored = ((row?.fields ?? []) as Values[]).map((each) => String(each.name));
  return (
    <Dialog
      open={target !== null}
      onClose={() => onClose()}
      fullWidth
      maxWidth="md"
      aria-labelledby="custom-entity-title"
    >
      {target !== null && (
        <Form record={row ?? NEW_ENTITY} onSubmit={submit} resource={CUSTOM_ENTITIES.name}>
          <DialogTitle id="custom-entity-title">{title}</DialogTitle>
          <DialogContent>
            <DefinitionInputs definition={CUSTOM_ENTITY_FORM} mode={mode} />
            <CustomFieldsInput stored={stored} />
          </DialogContent>
          <DefinitionFormActions
            definition={CUSTOM_ENTITIES}
            row={row}
            canDelete={row !== null && row.deleted !== true}
            pending={pending}
            onCancel={() => onClose()}
            onDeleted={done}
          />
        </Form>
      )}
    </Dialog>
  );
}
