import { areaTexts } from '../area-texts';

/** The refusals of company user administration (/app/users), in the console's two languages. */
export const { refusal: usersRefusal } = areaTexts({
  es: {
    noCompany: 'Su usuario no pertenece a ninguna empresa.',
    userLimit: 'Límite alcanzado: el plan de su empresa admite {max} usuarios.',
    loginTaken: 'El usuario «{login}» no está disponible.',
    userNotFound: 'El usuario no existe.',
    companyNotFound: 'La empresa no existe.',
    environmentNotFound: 'Alguno de los entornos elegidos no es de su empresa.',
    self: 'No puede bloquearse ni borrarse a sí mismo.',
    ownRights: 'No puede quitarse a sí mismo el rol de administrador.',
    rightsAbove: 'No puede dar a un usuario un rol mayor que el suyo.',
    lastAdmin: 'Es el último administrador de la empresa: nombre otro antes.',
    ownsProjects:
      'El usuario es propietario de {n} proyectos: compártalos con otro usuario o bórrelos antes.',
  },
  en: {
    noCompany: 'Your user belongs to no company.',
    userLimit: "Limit reached: your company's plan allows {max} users.",
    loginTaken: 'The user “{login}” is not available.',
    userNotFound: 'The user does not exist.',
    companyNotFound: 'The company does not exist.',
    environmentNotFound: 'Some of the chosen environments are not your company’s.',
    self: 'You cannot lock or delete yourself.',
    ownRights: 'You cannot take the administrator role from yourself.',
    rightsAbove: 'You cannot give a user a role higher than your own.',
    lastAdmin: "This is the company's last administrator: name another first.",
    ownsProjects: 'The user owns {n} projects: share them with another user or delete them first.',
  },
});
