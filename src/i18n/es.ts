import type { TranslationMessages } from 'ra-core';
import { adminMessages } from './areas/admin';
import { customiseMessages } from './areas/customise';
import { deviceEditMessages } from './areas/deviceEdit';
import { devicelistMessages } from './areas/devicelist';
import { environmentsMessages } from './areas/environments';
import { factoryMessages } from './areas/factory';
import { homeMessages } from './areas/home';
import { mamMessages } from './areas/mam';
import { projectsMessages } from './areas/projects';
import { remoteMessages } from './areas/remote';
import { usersMessages } from './areas/users';
import { organizationMessages } from './areas/organization';
import { mergeMessages } from './merge';
import { raSpanish } from './raSpanish';
import { resourceMessages } from './resourceMessages';

/** Spanish, the default language: react-admin's messages plus the console's own. */
const es: TranslationMessages = {
  ...raSpanish,
  app: {
    name: 'Flota',
    language: 'Idioma',
    user_menu: 'Menú de usuario',
    languages: { es: 'Español', en: 'English' },
    config_error: 'No se ha podido cargar la configuración de la consola. Recargue la página.',
    not_available: 'Sin datos',
  },
  menu: {
    mamdash: 'Panel MAM',
    devicelist: 'Dispositivos',
    database: 'Resumen del proyecto',
    search: 'Buscar dispositivos',
    home: 'Inicio',
    actions: 'Registro de acciones',
    companies: 'Compañías',
    pricing: 'Precios',
    profile: 'Perfil',
    mam: 'Entornos y proyectos',
    recents: 'Proyectos recientes',
    shareds: 'Proyectos compartidos',
    environments: 'Entornos',
    groups: { projects: 'Proyectos', devices: 'Flota', administration: 'Administración' },
  },
  project: {
    label: 'Proyecto',
    none: 'No tiene ningún proyecto. Cree uno o pida a su administrador que comparta uno con usted.',
  },
  home: {
    title: 'Inicio',
    welcome: 'Bienvenido, %{name}',
    company: 'Compañía: %{name}',
    no_tier: 'Sin suscripción',
    no_company: 'Su usuario no pertenece a ninguna compañía.',
    company_inactive: 'Su compañía está desactivada. Póngase en contacto con el administrador.',
    see_pricing: 'Ver planes',
    notifications: {
      title: 'Notificaciones',
      empty: 'No tiene notificaciones.',
      mark_read: 'Marcar como leída',
      unread: 'Sin leer',
      marked: 'Notificación marcada como leída',
    },
  },
  profile: {
    title: 'Perfil',
    account: 'Datos de la cuenta',
    preferences: 'Preferencias',
    fields: {
      name: 'Nombre de usuario',
      email: 'Correo electrónico',
      role: 'Rol',
      rights: 'Derechos',
      company: 'Compañía',
      tier: 'Plan',
    },
    language: 'Idioma de la consola',
    twofactor: 'Verificación en dos pasos',
    twofactor_help: 'Al iniciar sesión se le pedirá un código enviado a su correo electrónico.',
    saved: 'Perfil actualizado',
  },
  pricing: {
    title: 'Precios',
    intro: 'Elija el plan que mejor se ajuste a su flota.',
    current: 'Plan actual',
    subscribe: 'Suscribirse',
    subscribed: 'Suscripción activada',
    cannot_subscribe: 'Solo un administrador de una compañía activa puede cambiar de plan.',
    confirm_title: 'Suscribirse al plan %{tier}',
    confirm_content: '¿Quiere cambiar el plan de su compañía a %{tier}?',
    per_month: '%{price} € al mes',
    free: 'Gratis',
    on_request: 'Precio a consultar',
    unlimited: 'Sin límite',
    devices: 'Dispositivos',
    projects: 'Proyectos',
    environments: 'Entornos',
    tiers: {
      FLOTA_FREE: 'Gratuito',
      FLOTA_BASIC: 'Básico',
      FLOTA_PRO: 'Profesional',
      FLOTA_ENTERPRISE: 'Empresa',
    },
  },
  access: {
    error_title: 'No se ha podido iniciar sesión',
    session_title: 'Sesión terminada',
    unknown_error: 'Se ha producido un error desconocido.',
    sign_in_again: 'Volver a iniciar sesión',
    not_authorised_title: 'Acceso no autorizado',
    back_home: 'Volver al inicio',
  },
  session: {
    not_authorised: 'No tiene autorización para realizar esta operación.',
    timeout: 'Su sesión ha caducado. Vuelva a iniciar sesión.',
    expired: 'Su sesión ha terminado. Vuelva a iniciar sesión.',
    new_version: 'Hay una nueva versión de la consola.',
    reload: 'Recargar',
  },
  resources: {
    companies: {
      enable: 'Activar',
      disable: 'Desactivar',
      confirm_enable: '¿Quiere activar la compañía %{name}?',
      confirm_disable:
        '¿Quiere desactivar la compañía %{name}? Sus usuarios no podrán trabajar con ella.',
      enabled: 'Compañía activada',
      disabled: 'Compañía desactivada',
    },
  },
};

export default mergeMessages(
  es,
  resourceMessages.es,
  factoryMessages.es,
  customiseMessages.es,
  usersMessages.es,
  organizationMessages.es,
  adminMessages.es,
  devicelistMessages.es,
  environmentsMessages.es,
  projectsMessages.es,
  deviceEditMessages.es,
  mamMessages.es,
  remoteMessages.es,
  homeMessages.es,
);
