import { areaTexts } from '../area-texts';

/** The refusals of the access trees per user, in the console's two languages. */
export const accessTexts = areaTexts({
  es: {
    menuDenied: 'Su árbol de accesos no le permite «{area}».',
    environmentNotFound: 'El entorno {id} no existe o no es de su empresa.',
    adminTarget: 'Los administradores tienen acceso completo: no llevan árbol de accesos.',
    ownerProject: 'El usuario es el propietario del proyecto {numero}: tiene acceso completo.',
  },
  en: {
    menuDenied: 'Your access tree does not allow “{area}”.',
    environmentNotFound: 'The environment {id} does not exist or is not your company’s.',
    adminTarget: 'Administrators have full access: they have no access tree.',
    ownerProject: 'The user owns project {numero}: they have full access.',
  },
});
