import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';

const user: VerbPermission = { role: 'user' };
const admin: VerbPermission = { role: 'admin' };

/** The wire names of the company's data (002 §3 Company; §7 create, modify and get company). */
export const ORGANIZATION_RENAME = { name: 'Name', web: 'Web', address: 'Address', phone: 'Phone' };

/**
 * The caller's own company in /app/organization (002 §3 Company): one record, read by its users
 * and changed by its administrators. Embedded: the organization page shows it as a form.
 */
export const ORGANIZATION = defineResource({
  name: 'company-data',
  title: {
    one: { es: 'Empresa', en: 'Company' },
    many: { es: 'Organización', en: 'Organization' },
  },
  path: '/app/organization/company',
  embedded: true,
  key: 'id',
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  search: null,
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      edit: true,
      required: true,
      maxLength: 100,
    }),
    field('web', 'text', {
      label: { es: 'Web', en: 'Web' },
      edit: true,
      format: 'url',
      maxLength: 200,
    }),
    field('address', 'text', {
      label: { es: 'Dirección', en: 'Address' },
      edit: true,
      maxLength: 200,
    }),
    field('phone', 'text', {
      label: { es: 'Teléfono', en: 'Phone' },
      edit: true,
      maxLength: 40,
      pattern: '[0-9 +().-]*',
      hint: { es: 'cifras, espacios y + ( ) . -', en: 'digits, spaces and + ( ) . -' },
    }),
  ],
  verbs: {
    show: { permission: user, call: { operation: 'companyData', id: 'id' } },
    edit: {
      permission: admin,
      call: { operation: 'modifyCompanyData', id: 'id', rename: ORGANIZATION_RENAME },
    },
  },
});
