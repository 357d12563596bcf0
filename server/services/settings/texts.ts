import { MODEL_NOEMPTY } from '../../../protocol/resources/platform-models';
import { areaTexts } from '../area-texts';

/** The refusals of a project's platform and replicator settings, in the console's languages. */
export const settingsTexts = areaTexts({
  es: {
    noempty: MODEL_NOEMPTY.es,
    platformNotFound: 'La plataforma {id} no existe en el proyecto {numero}.',
    platformUnknown: 'La plataforma {platform} no existe en el proyecto {numero}.',
    modelNotFound: 'El modelo {id} no existe en el proyecto {numero}.',
    modelTaken: 'La plataforma {platform} ya tiene un modelo «{model}».',
    whichPlatform: 'Indique la plataforma del modelo (data.id, data.idplatform o data.platform).',
    nothingToUpdate: 'Indique qué cambiar: data.active, data.models, o idmodel con data.model.',
    settingNotFound: 'El ajuste {key} no existe en el proyecto {numero}.',
  },
  en: {
    noempty: MODEL_NOEMPTY.en,
    platformNotFound: 'Platform {id} does not exist in project {numero}.',
    platformUnknown: 'Platform {platform} does not exist in project {numero}.',
    modelNotFound: 'Model {id} does not exist in project {numero}.',
    modelTaken: 'Platform {platform} already has a model “{model}”.',
    whichPlatform:
      'Say which platform the model is of (data.id, data.idplatform or data.platform).',
    nothingToUpdate: 'Say what to change: data.active, data.models, or idmodel with data.model.',
    settingNotFound: 'Setting {key} does not exist in project {numero}.',
  },
});
