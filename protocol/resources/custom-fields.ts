import { CUSTOM_FIELD_TYPE_CHOICES } from '../custom-entity';
import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';

const admin: VerbPermission = { role: 'admin' };

const label = (es: string, en: string) => ({ label: { es, en } });

/**
 * `/api/rest/custom-fields` and `/app/custom-fields` (issue 34, points 7 and 11): the fields a
 * company's administrators add live to a resource the engine stores (managed-apps, a custom
 * entity); shown at once in its list, filters, forms, exports, REST and OpenAPI.
 */
export const CUSTOM_FIELDS = defineResource({
  name: 'custom-fields',
  title: {
    one: { es: 'Campo personalizado', en: 'Custom field' },
    many: { es: 'Campos personalizados', en: 'Custom fields' },
  },
  path: '/app/custom-fields',
  key: 'id',
  labelField: 'name',
  sort: { field: 'resource', order: 'ASC' },
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  menu: { section: 'administration', icon: 'tables', order: 71 },
  fields: [
    field('resource', 'text', {
      ...label('Recurso', 'Resource'),
      create: true,
      required: true,
      maxLength: 60,
    }),
    field('name', 'text', {
      ...label('Nombre', 'Name'),
      create: true,
      required: true,
      maxLength: 40,
      pattern: '[a-z][a-zA-Z0-9]*',
      filter: false,
    }),
    field('type', 'choice', {
      ...label('Tipo', 'Type'),
      choices: CUSTOM_FIELD_TYPE_CHOICES,
      create: true,
      required: true,
      default: 'text',
      filter: false,
    }),
    field('label', 'json', {
      ...label('Etiqueta', 'Label'),
      create: true,
      edit: true,
      required: true,
      filter: false,
      sort: false,
      hint: { es: '{"es": …, "en": …}', en: '{"es": …, "en": …}' },
    }),
    field('required', 'boolean', {
      ...label('Obligatorio', 'Required'),
      create: true,
      edit: true,
      default: false,
      filter: false,
      sort: false,
    }),
    field('unique', 'boolean', {
      ...label('Único', 'Unique'),
      create: true,
      edit: true,
      default: false,
      list: false,
      filter: false,
      sort: false,
    }),
    field('maxLength', 'integer', {
      ...label('Longitud máxima', 'Maximum length'),
      create: true,
      edit: true,
      min: 1,
      list: false,
      filter: false,
      sort: false,
    }),
    field('min', 'number', {
      ...label('Mínimo', 'Minimum'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('max', 'number', {
      ...label('Máximo', 'Maximum'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('pattern', 'text', {
      ...label('Patrón', 'Pattern'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('default', 'text', {
      ...label('Valor inicial', 'Default'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('help', 'json', {
      ...label('Ayuda', 'Help'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('choices', 'json', {
      ...label('Opciones', 'Choices'),
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('reference', 'text', {
      ...label('Referencia a', 'Reference to'),
      create: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('id', 'int', {
      ...label('Id', 'Id'),
      computed: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('version', 'int', {
      ...label('Versión', 'Version'),
      computed: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
    field('updatedAt', 'datetime', {
      ...label('Modificado', 'Changed'),
      computed: true,
      filter: false,
      display: 'relative',
    }),
  ],
  verbs: {
    list: { permission: admin, call: { operation: 'customFields' } },
    export: { permission: admin, call: { operation: 'customFields' } },
    show: { permission: admin, call: { operation: 'customField', id: 'id' } },
    create: { permission: admin, call: { operation: 'createCustomField' } },
    edit: { permission: admin, call: { operation: 'updateCustomField', id: 'id' } },
    delete: { permission: admin, call: { operation: 'deleteCustomField', id: 'id' } },
  },
});
