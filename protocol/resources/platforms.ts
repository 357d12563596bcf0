import { PLATFORM_LABELS, PLATFORMS } from '../devices';
import { defineEntity } from '../resource-entity';
import { type VerbPermission, DEFAULT_PER_PAGE } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** The platforms of 000 §3, each shown by its readable name. */
export const PLATFORM_CHOICES: FieldChoice[] = PLATFORMS.map((code) => ({
  code,
  label: PLATFORM_LABELS[code],
}));

export const PLATFORMS_SHOW: VerbPermission = { node: 'settings.platforms', mode: 'show' };
export const PLATFORMS_WRITE: VerbPermission = { node: 'settings.platforms', mode: 'write' };

const entity = defineEntity({
  name: 'platforms',
  table: 'platforms', // prj_<numero>.platforms, made by project migration 0002
  mapped: { schema: 'project', columns: { id: 'ID', platform: 'PLATFORM', active: 'ACTIVE' } },
  wireNames: { list: 'platformList' },
  permissions: { read: PLATFORMS_SHOW, write: PLATFORMS_WRITE },
  title: {
    one: { es: 'Plataforma', en: 'Platform' },
    many: { es: 'Plataformas', en: 'Platforms' },
  },
  path: '/app/setting/platform',
  embedded: true,
  scope: 'project',
  node: 'settings.platforms',
  labelField: 'platform',
  sort: { field: 'id', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  hiddenColumns: ['updatedAt'],
  fields: [
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      edit: true,
      readOnly: true,
    }),
    field('active', 'boolean', { label: { es: 'Activa', en: 'Active' }, edit: true }),
    // A count of the platform's models (server/engine/hooks/platforms.ts).
    field('models', 'int', {
      label: { es: 'Modelos', en: 'Models' },
      computed: true,
      filter: false,
    }),
  ],
});

/**
 * A project's platforms (000 §3 Platform: id, platform, active, models), in the Plataformas tab
 * of /app/setting: whether each is active, and how many models it has. Served by the engine on
 * the table of each project's schema it maps (docs/resources.md, "Mapped tables"); listed, shown
 * and switched on or off (`platformsEdit`, with the version read), never created or deleted: a
 * project has the platforms of 000 §3. `platformList` is the older name of its list;
 * `admplatforms` (002 §7) stays the specification's call.
 */
export const PLATFORMS_RESOURCE = {
  ...entity,
  verbs: {
    list: entity.verbs.list,
    export: entity.verbs.export,
    show: entity.verbs.show,
    edit: entity.verbs.edit,
  },
};
