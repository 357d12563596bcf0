import { areaTexts } from '../area-texts';

/** The refusals of the top administrator's screens, in the console's two languages. */
export const { refusal: adminRefusal } = areaTexts({
  es: {
    ownCompany: 'No puede desactivar su propia empresa.',
    companyNotFound: 'La empresa no existe.',
  },
  en: {
    ownCompany: 'You cannot disable your own company.',
    companyNotFound: 'The company does not exist.',
  },
});
