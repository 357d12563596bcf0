import { operatorsFor, TextOperator } from '../filters';
import { ACCOUNT_TIERS } from '../product';
import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';

const TIER_LABELS: Record<string, { es: string; en: string }> = {
  FLOTA_FREE: { es: 'Gratuito', en: 'Free' },
  FLOTA_BASIC: { es: 'Básico', en: 'Basic' },
  FLOTA_PRO: { es: 'Profesional', en: 'Professional' },
  FLOTA_ENTERPRISE: { es: 'Empresa', en: 'Enterprise' },
};

/** The account tiers as a choice field's choices, each with its label. */
export const TIER_CHOICES = ACCOUNT_TIERS.map((tier) => ({
  code: tier.id,
  label: TIER_LABELS[tier.id],
}));

/** `/app/xonecias` (top administrator, 002 §3): every company, its plan, users and state. */
export const COMPANIES = defineResource({
  name: 'companies',
  title: {
    one: { es: 'Compañía', en: 'Company' },
    many: { es: 'Compañías', en: 'Companies' },
  },
  path: '/app/xonecias',
  key: 'id',
  labelField: 'name',
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  fields: [
    field('name', 'text', { label: { es: 'Nombre', en: 'Name' } }),
    field('tier', 'choice', {
      label: { es: 'Plan', en: 'Plan' },
      choices: TIER_CHOICES,
    }),
    field('users', 'int', {
      label: { es: 'Usuarios', en: 'Users' },
      computed: true,
      sort: false,
    }),
    field('active', 'boolean', { label: { es: 'Activa', en: 'Active' }, sort: false }),
    field('created_at', 'date', { label: { es: 'Creada', en: 'Created' } }),
  ],
  filterOperators: {
    name: operatorsFor('text'),
    tier: [TextOperator.equals, TextOperator.notEquals],
    users: operatorsFor('numeric'),
    created_at: [TextOperator.contains, TextOperator.notContains],
  },
  rowColours: [{ field: 'active', equals: false, colour: 'disabled' }],
  verbs: {
    // An administrator's list is their own company (the picker of /app/xoneadmin's form).
    list: { permission: { role: 'admin' }, call: { operation: 'companies' } },
    export: { permission: { role: 'admin' }, call: { operation: 'companies' } },
  },
});
