import { areaTexts } from '../area-texts';

/** The refusals of the top administrator's screens, in the console's two languages. */
export const { refusal: adminRefusal } = areaTexts({
  es: {
    ownCompany: 'No puede desactivar su propia empresa.',
    companyNotFound: 'La empresa no existe.',
    companyNameTaken: 'Ya existe una empresa llamada «{name}».',
    ownTier: 'No puede cambiar el plan de su propia empresa desde aquí: use Precios.',
  },
  en: {
    ownCompany: 'You cannot disable your own company.',
    companyNotFound: 'The company does not exist.',
    companyNameTaken: 'A company named “{name}” already exists.',
    ownTier: 'You cannot change your own company’s plan here: use Pricing.',
  },
});
