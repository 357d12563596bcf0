import { PRODUCT } from './product';

/** The claims the console reads from the identity provider (specification 000 §3 User profile). */
export interface UserProfile {
  sub: string;
  nickname: string;
  role: string;
  rights: string;
  cia: string;
  /** The string 'true' when the user's company is active. */
  active: string;
}

export const ADMIN_RIGHTS = 'ADMINISTRADOR';
export const FREE_ROLE = 'FREE';

/** The role whose name ends with the product name is the top administrator (000 §6). */
export function isTopAdmin(profile: Pick<UserProfile, 'role'>): boolean {
  return profile.role.toUpperCase().endsWith(PRODUCT);
}

export function isAdmin(profile: Pick<UserProfile, 'role' | 'rights'>): boolean {
  return profile.rights === ADMIN_RIGHTS || isTopAdmin(profile);
}

type Label = { es: string; en: string };

/** The rights of a company user (001 §2 "role" of the users list), with their labels. */
export const RIGHTS_LABELS: Readonly<Record<string, Label>> = {
  [ADMIN_RIGHTS]: { es: 'Administrador', en: 'Administrator' },
  USUARIO: { es: 'Usuario', en: 'User' },
};

/** A role (000 §6) as a person reads it; an unknown code is shown as it is. */
export function roleLabel(role: string, language: 'es' | 'en'): string {
  if (isTopAdmin({ role }))
    return language === 'es' ? 'Administrador de Flota' : 'Flota administrator';
  const labels: Record<string, Label> = {
    ADMIN: { es: 'Administrador de la empresa', en: 'Company administrator' },
    USER: { es: 'Usuario', en: 'User' },
    [FREE_ROLE]: { es: 'Cuenta gratuita', en: 'Free account' },
  };
  return labels[role.toUpperCase()]?.[language] ?? role;
}

/** Rights (000 §3 User profile `rights`) as a person reads them. */
export function rightsLabel(rights: string, language: 'es' | 'en'): string {
  return RIGHTS_LABELS[rights]?.[language] ?? rights;
}
