import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';

const user: VerbPermission = { role: 'user' };

/**
 * The companies the caller's company shares projects with, either way (002 §2 /app/organization
 * "loads shared companies", §7 "List shared companies"): shown on the organization page, and the
 * companies a certificate can be shared with.
 */
export const SHARED_COMPANIES = defineResource({
  name: 'shared-companies',
  title: {
    one: { es: 'Empresa con proyectos compartidos', en: 'Company sharing projects' },
    many: { es: 'Empresas con proyectos compartidos', en: 'Companies sharing projects' },
  },
  path: '/app/organization/shared-companies',
  embedded: true,
  key: 'id',
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  fields: [
    field('name', 'text', { label: { es: 'Empresa', en: 'Company' } }),
    field('web', 'text', { label: { es: 'Web', en: 'Web' }, sort: false }),
    field('shared_out', 'int', {
      label: { es: 'Proyectos nuestros compartidos', en: 'Our projects shared' },
      filter: false,
    }),
    field('shared_in', 'int', {
      label: { es: 'Proyectos suyos compartidos', en: 'Their projects shared' },
      filter: false,
    }),
  ],
  verbs: {
    list: { permission: user, call: { operation: 'sharedCompanies' } },
    export: { permission: user, call: { operation: 'sharedCompanies' } },
  },
});
