import { defineResource, DEFAULT_PER_PAGE } from '../resource-definition';
import { field } from '../resource-schema';
import { PLATFORM_CHOICES, PLATFORMS_SHOW, PLATFORMS_WRITE } from './platforms';

/** The text of the message key configuration.noempty (000 §5): a model needs a name. */
export const MODEL_NOEMPTY = {
  es: 'El nombre del modelo no puede estar vacío.',
  en: 'The model name cannot be empty.',
};

const update = { operation: 'admplatforms', record: 'data', fixed: { oper: 'update' } };

/**
 * The models of a project's platforms (000 §3 Platform models: id, model, idplatform), in the
 * Plataformas tab of /app/setting: added and renamed by `admplatforms` `update`, removed by
 * `removemodel` after a confirmation (000 §5). Devices name their model by its text
 * (devices.MODEL), so renaming or removing one leaves the devices as they are.
 */
export const PLATFORM_MODELS = defineResource({
  name: 'platform-models',
  title: {
    one: { es: 'Modelo', en: 'Model' },
    many: { es: 'Modelos', en: 'Models' },
  },
  path: '/app/setting/platform/models',
  embedded: true,
  scope: 'project',
  node: 'settings.platforms',
  key: 'id',
  labelField: 'model',
  sort: { field: 'model', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  search: { es: 'Buscar modelo', en: 'Search model' },
  fields: [
    field('id', 'int', { label: { es: 'Nº', en: 'No.' }, list: false, filter: false }),
    field('model', 'text', {
      label: { es: 'Modelo', en: 'Model' },
      create: true,
      edit: true,
      required: true,
      requiredText: MODEL_NOEMPTY,
      maxLength: 200,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      create: true,
      required: true,
    }),
  ],
  verbs: {
    list: { permission: PLATFORMS_SHOW, call: { operation: 'platformModels' } },
    export: { permission: PLATFORMS_SHOW, call: { operation: 'platformModels' } },
    create: { permission: PLATFORMS_WRITE, call: update },
    edit: { permission: PLATFORMS_WRITE, call: { ...update, id: 'idmodel' } },
    delete: {
      permission: PLATFORMS_WRITE,
      call: { operation: 'admplatforms', id: 'idmodel', fixed: { oper: 'removemodel' } },
    },
  },
});
