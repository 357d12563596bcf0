import { CUSTOM_FIELDS } from '../../../protocol/resources/custom-fields';
import { useFormTitle } from '../../resources/factory/formTitle';
import { useDefinitionSubmit } from '../../resources/factory/useDefinitionSubmit';
import { useCustomsChanged } from '../../resources/overrides/useCustomsChanged';
import type { EditorProps } from '../../resources/slots';
import { CustomFieldDialog } from './CustomFieldDialog';

type Values = Record<string, unknown>;

/**
 * The custom fields' editor (a slot of `custom-fields`, issue 34 point 7): the field dialog with
 * the resource it is added to, saved through the declared verbs (`/api/rest/custom-fields`).
 */
export function CustomFieldEditor({ target, onClose }: EditorProps) {
  const customsChanged = useCustomsChanged();
  const row = target && target !== 'create' ? (target as Values) : null;
  const done = () => {
    // Every list, form and filter of the resource shows the field now.
    void customsChanged();
    onClose(true);
  };
  const { submit, pending } = useDefinitionSubmit(CUSTOM_FIELDS, row, undefined, done);
  const title = useFormTitle(CUSTOM_FIELDS, row);
  if (target === null) return null;
  return (
    <CustomFieldDialog
      initial={row ?? {}}
      mode={row ? 'edit' : 'create'}
      withResource
      pending={pending}
      title={title}
      onApply={(body) =>
        // An edit sends every option of the type: one left empty clears the stored one.
        submit(row ? { ...body, help: body.help ?? null } : body)
      }
      onClose={() => onClose()}
    />
  );
}
