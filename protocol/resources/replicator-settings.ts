import { CATEGORY_CHOICES, SETTING_CHOICES, TEXT_MAX, TYPE_CHOICES } from '../replicator';
import { SETTING_VALUE_LABELS } from '../replicator-values';
import { defineResource, type VerbPermission, DEFAULT_PER_PAGE } from '../resource-definition';
import { field } from '../resource-schema';

const show: VerbPermission = { node: 'settings.replicator', mode: 'show' };
const write: VerbPermission = { node: 'settings.replicator', mode: 'write' };

/**
 * A project's replicator settings (000 §3 Replicator setting: KEYNAME, KEYVALUE, IDCATEGORY,
 * TIPO, Category), in the Replicador tab of /app/setting: listed by `getDBconfig`, a value
 * changed by `setDBconfig` {keyname, keyvalue} in the Replicator dialog (000 §2), checked by its
 * type as 000 §5 says (protocol/replicator.ts). What each one does: docs/replication.md.
 */
export const REPLICATOR_SETTINGS_RESOURCE = defineResource({
  name: 'replicator-settings',
  title: {
    one: { es: 'Ajuste del replicador', en: 'Replicator setting' },
    many: { es: 'Ajustes del replicador', en: 'Replicator settings' },
  },
  path: '/app/setting/replicator',
  embedded: true,
  scope: 'project',
  node: 'settings.replicator',
  key: 'KEYNAME',
  labelField: 'KEYNAME',
  sort: { field: 'IDCATEGORY', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  search: { es: 'Buscar ajuste o valor', en: 'Search setting or value' },
  fields: [
    field('KEYNAME', 'choice', {
      label: { es: 'Ajuste', en: 'Setting' },
      choices: SETTING_CHOICES,
      filter: false,
    }),
    field('KEYVALUE', 'text', {
      label: { es: 'Valor', en: 'Value' },
      edit: true,
      maxLength: TEXT_MAX,
      valueLabels: SETTING_VALUE_LABELS,
      filter: false,
      sort: false,
    }),
    field('IDCATEGORY', 'choice', {
      label: { es: 'Categoría', en: 'Category' },
      choices: CATEGORY_CHOICES,
    }),
    field('TIPO', 'choice', { label: { es: 'Tipo', en: 'Type' }, choices: TYPE_CHOICES }),
    field('Category', 'text', {
      label: { es: 'Nombre de la categoría', en: 'Category name' },
      list: false,
      filter: false,
      sort: false,
      computed: true,
    }),
  ],
  verbs: {
    list: { permission: show, call: { operation: 'getDBconfig' } },
    export: { permission: show, call: { operation: 'getDBconfig' } },
    edit: {
      permission: write,
      call: { operation: 'setDBconfig', id: 'keyname', rename: { KEYVALUE: 'keyvalue' } },
    },
  },
});
