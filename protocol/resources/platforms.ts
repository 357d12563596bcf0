import { PLATFORM_LABELS, PLATFORMS } from '../devices';
import { defineResource, type VerbPermission, DEFAULT_PER_PAGE } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** The platforms of 000 §3, each shown by its readable name. */
export const PLATFORM_CHOICES: FieldChoice[] = PLATFORMS.map((code) => ({
  code,
  label: PLATFORM_LABELS[code],
}));

export const PLATFORMS_SHOW: VerbPermission = { node: 'settings.platforms', mode: 'show' };
export const PLATFORMS_WRITE: VerbPermission = { node: 'settings.platforms', mode: 'write' };

/**
 * A project's platforms (000 §3 Platform: id, platform, active, models), in the Plataformas tab
 * of /app/setting: whether each is active, and how many models it has. Listed by
 * `platformList`, switched on or off by `admplatforms` `update` (002 §7).
 */
export const PLATFORMS_RESOURCE = defineResource({
  name: 'platforms',
  title: {
    one: { es: 'Plataforma', en: 'Platform' },
    many: { es: 'Plataformas', en: 'Platforms' },
  },
  path: '/app/setting/platform',
  embedded: true,
  scope: 'project',
  node: 'settings.platforms',
  key: 'id',
  labelField: 'platform',
  sort: { field: 'id', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  fields: [
    field('id', 'int', { label: { es: 'Nº', en: 'No.' }, list: false, filter: false }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      edit: true,
      readOnly: true,
    }),
    field('active', 'boolean', { label: { es: 'Activa', en: 'Active' }, edit: true }),
    field('models', 'int', {
      label: { es: 'Modelos', en: 'Models' },
      computed: true,
      filter: false,
    }),
  ],
  verbs: {
    list: { permission: PLATFORMS_SHOW, call: { operation: 'platformList' } },
    export: { permission: PLATFORMS_SHOW, call: { operation: 'platformList' } },
    edit: {
      permission: PLATFORMS_WRITE,
      call: {
        operation: 'admplatforms',
        id: 'idplatform',
        record: 'data',
        fixed: { oper: 'update' },
      },
    },
  },
});
