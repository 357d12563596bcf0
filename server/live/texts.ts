import { languageOf, type Language } from '../messages';

/** Texts of the live signalling socket's refusals, in the server's two languages. */
const texts = {
  es: {
    noCompany:
      'La supervisión en directo necesita un usuario con empresa: el suyo no pertenece a ninguna.',
    companyInactive: 'Su empresa está desactivada: la supervisión en directo no está disponible.',
    badMessage: 'Mensaje no válido: {detail}',
    noSession: 'La sesión {sessionId} no existe en esta conexión; envíe create_session primero.',
    notInSession:
      'El dispositivo {id} no está conectado en el proyecto de la sesión o no puede verlo.',
    forbidden: 'Su usuario no puede ver los dispositivos del proyecto {numero}.',
    tooManySessions: 'Demasiadas sesiones abiertas en esta conexión (máximo {max}).',
  },
  en: {
    noCompany: 'Live monitoring needs a user with a company: yours belongs to none.',
    companyInactive: 'Your company is disabled: live monitoring is not available.',
    badMessage: 'Invalid message: {detail}',
    noSession: 'Session {sessionId} does not exist on this connection; send create_session first.',
    notInSession: "Device {id} is not connected in the session's project, or you may not see it.",
    forbidden: 'Your user may not see the devices of project {numero}.',
    tooManySessions: 'Too many sessions open on this connection (at most {max}).',
  },
} as const;

export type LiveTextKey = keyof (typeof texts)['es'];

export function liveText(
  language: Language | string | undefined,
  key: LiveTextKey,
  vars: Record<string, string | number> = {},
): string {
  const chosen = language === 'en' || language === 'es' ? language : languageOf(language);
  return texts[chosen][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
