import { defineResource, type VerbPermission } from '../resource-definition';
import type { FieldSchema } from '../resource-schema';
import { COMPANIES } from './companies';

const topadmin: VerbPermission = { role: 'topadmin' };

/** What the create and edit forms take of each of the overview's fields. */
const FORM: Record<string, Partial<FieldSchema>> = {
  name: { create: true, edit: true, required: true, minLength: 2, maxLength: 200 },
  tier: { create: true, edit: true, required: true, default: 'FLOTA_FREE' },
  active: { create: true, edit: true, default: true },
  created_at: { computed: true },
};

/**
 * `/app/xoneges` (000 §2, 002 §7 "Create, modify and get company"): the top administrator's
 * companies of /app/xonecias (protocol/resources/companies.ts), created and edited: name, plan
 * and state. Their people are managed in /app/xoneadmin (protocol/resources/all-users.ts).
 */
export const COMPANY_MANAGEMENT = defineResource({
  ...COMPANIES,
  name: 'company-management',
  title: {
    one: { es: 'Compañía', en: 'Company' },
    many: { es: 'Gestión de compañías', en: 'Company management' },
  },
  path: '/app/xoneges',
  fields: COMPANIES.fields.map((field) => ({ ...field, ...FORM[field.source] })),
  verbs: {
    ...COMPANIES.verbs,
    create: { permission: topadmin, call: { operation: 'createCompany' } },
    edit: { permission: topadmin, call: { operation: 'updateCompany', id: 'idcia' } },
  },
});
