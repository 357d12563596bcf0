import { defineEntity } from '../resource-entity';
import { DEFAULT_PER_PAGE } from '../resource-definition';
import { field } from '../resource-schema';
import { PLATFORM_CHOICES, PLATFORMS_SHOW, PLATFORMS_WRITE } from './platforms';

/** The text of the message key configuration.noempty (000 §5): a model needs a name. */
export const MODEL_NOEMPTY = {
  es: 'El nombre del modelo no puede estar vacío.',
  en: 'The model name cannot be empty.',
};

/**
 * The models of a project's platforms (000 §3 Platform models: id, model, idplatform), in the
 * Plataformas tab of /app/setting. Served by the engine on the table of each project's schema it
 * maps (docs/resources.md, "Mapped tables"); its rules (a name trimmed, once per platform; the
 * platform named by its code) in server/engine/hooks/platform-models.ts. Devices name their model
 * by its text (devices.MODEL), so renaming or removing one leaves the devices as they are.
 * `platformModels` is the older name of its list; `admplatforms` (002 §7) stays the
 * specification's call.
 */
export const PLATFORM_MODELS = defineEntity({
  name: 'platform-models',
  table: 'models', // prj_<numero>.models, made by project migration 0002
  mapped: { schema: 'project', columns: { id: 'ID', model: 'MODEL', idplatform: 'IDPLATFORM' } },
  wireNames: { list: 'platformModels' },
  permissions: { read: PLATFORMS_SHOW, write: PLATFORMS_WRITE },
  title: {
    one: { es: 'Modelo', en: 'Model' },
    many: { es: 'Modelos', en: 'Models' },
  },
  path: '/app/setting/platform/models',
  embedded: true,
  scope: 'project',
  node: 'settings.platforms',
  labelField: 'model',
  sort: { field: 'model', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  hiddenColumns: ['updatedAt'],
  search: { es: 'Buscar modelo', en: 'Search model' },
  fields: [
    field('model', 'text', {
      label: { es: 'Modelo', en: 'Model' },
      create: true,
      edit: true,
      required: true,
      requiredText: MODEL_NOEMPTY,
      maxLength: 200,
    }),
    // Written by its code on a create; read from the platform the row names (IDPLATFORM).
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      create: true,
      required: true,
    }),
    field('idplatform', 'int', {
      label: { es: 'Nº de plataforma', en: 'Platform no.' },
      list: false,
      sort: false,
    }),
  ],
});
