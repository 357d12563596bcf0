import { areaTexts } from '../services/area-texts';

/** The refusals of schema-driven resources, in both languages. */
export const { refusal: resourceRefusal } = areaTexts({
  es: { unknownResource: 'El recurso {name} no existe (recursos: {known}).' },
  en: { unknownResource: 'There is no resource {name} (resources: {known}).' },
});
