import { areaTexts } from '../area-texts';

/** The refusals of the home page's fleet summary, in both languages. */
export const { refusal: fleetRefusal } = areaTexts({
  es: {
    freeAccount: 'Una cuenta gratuita no tiene proyectos: su flota no tiene nada que mostrar.',
  },
  en: {
    freeAccount: 'A free account has no projects: there is no fleet to show.',
  },
});
