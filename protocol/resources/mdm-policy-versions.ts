import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { POLICY_PLATFORM_CHOICES } from './mdm-policies';

const entity = defineEntity({
  name: 'mdm-policy-versions',
  table: 'mdm_policy_versions',
  title: {
    one: { es: 'Versión de política MDM', en: 'MDM policy version' },
    many: { es: 'Versiones de políticas MDM', en: 'MDM policy versions' },
  },
  path: '/app/mdmpoliciesedit/versions',
  labelField: 'policyVersion',
  search: null,
  // Written only by the policies' hook; the verbs that would write are removed below.
  permissions: { read: { role: 'user' }, write: { role: 'admin' } },
  sort: { field: 'policyVersion', order: 'DESC' },
  fields: [
    // The policy's id (an int, not a reference: the versions are filtered by it, equal).
    field('policy', 'int', {
      label: { es: 'Política', en: 'Policy' },
      required: true,
      readOnly: true,
    }),
    field('policyVersion', 'int', {
      label: { es: 'Versión', en: 'Version' },
      required: true,
      readOnly: true,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      required: true,
      readOnly: true,
    }),
    field('author', 'text', {
      label: { es: 'Autor', en: 'Author' },
      readOnly: true,
      maxLength: 200,
    }),
    field('document', 'json', {
      label: { es: 'Documento (JSON)', en: 'Document (JSON)' },
      list: false,
      filter: false,
      sort: false,
      readOnly: true,
    }),
  ],
});

/**
 * The versions of every MDM policy (issue 36): one row per change of a policy's document, written
 * by the policies' hook in the change's transaction and never changed after. Read-only: it
 * declares list, show and export only, so the engine serves no create, edit or delete for it
 * (nor REST, nor the console). Shown inside the policy editor, with a diff between two versions.
 */
export const MDM_POLICY_VERSIONS = {
  ...entity,
  embedded: true,
  verbs: { list: entity.verbs.list, show: entity.verbs.show, export: entity.verbs.export },
};
