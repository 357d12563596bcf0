import { areaTexts } from '../area-texts';

/** The refusals of the caller's own session, profile and notifications, in both languages. */
export const { refusal: sessionRefusal } = areaTexts({
  es: {
    companyInactive: 'La empresa está inactiva: no puede contratar.',
    noCompany: 'El usuario no pertenece a ninguna empresa.',
    notificationNotFound: 'La notificación no existe.',
  },
  en: {
    companyInactive: 'The company is inactive: it cannot subscribe.',
    noCompany: 'The user does not belong to any company.',
    notificationNotFound: 'The notification does not exist.',
  },
});
