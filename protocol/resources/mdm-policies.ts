import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { mdmAccess } from './mdm-access';

/** The platforms of a policy with their names (docs/mdm.md). */
export const POLICY_PLATFORM_CHOICES = [
  { code: 'android', label: { es: 'Android', en: 'Android' } },
  { code: 'ios', label: { es: 'iOS', en: 'iOS' } },
  { code: 'windows', label: { es: 'Windows', en: 'Windows' } },
];

/**
 * `/app/mdmpolicies` (002 §2, issue 36): the company's MDM policies, one platform each, whose
 * `document` is the platform's settings (protocol/mdm/, AMAPI-shaped for Android). A row opens
 * the editor, `/app/mdmpoliciesedit?policyid=<id>`. Every change of the document is a new
 * `policyVersion`, kept in `mdm-policy-versions`; the rules are server/engine/hooks/mdm-policies.ts.
 */
export const MDM_POLICIES = defineEntity({
  name: 'mdm-policies',
  table: 'mdm_policies',
  title: {
    one: { es: 'Política MDM', en: 'MDM policy' },
    many: { es: 'Políticas MDM', en: 'MDM policies' },
  },
  path: '/app/mdmpolicies',
  labelField: 'name',
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  ...mdmAccess('user', 'admin', 10),
  sort: { field: 'name', order: 'ASC' },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      unique: true,
      maxLength: 100,
      create: true,
      edit: true,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      required: true,
      default: 'android',
      create: true,
    }),
    field('description', 'text', {
      label: { es: 'Descripción', en: 'Description' },
      maxLength: 500,
      sort: false,
      create: true,
      edit: true,
    }),
    field('policyVersion', 'int', {
      label: { es: 'Versión de la política', en: 'Policy version' },
      readOnly: true,
    }),
    field('document', 'json', {
      label: { es: 'Documento (JSON)', en: 'Document (JSON)' },
      list: false,
      filter: false,
      sort: false,
      create: true,
      edit: true,
      hint: {
        es: 'los ajustes de la plataforma; vacío: ninguno',
        en: "the platform's settings; empty: none",
      },
    }),
  ],
});
