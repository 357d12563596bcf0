/** Texts of the premium kiosk page (/app/kioskpremium, 002 §2 "Premium kiosk page"); merged by later.ts. */
export const kioskPremiumMessages = {
  es: {
    kioskpremium: {
      title: 'Kiosco premium',
      tabs: {
        profiles: 'Perfiles',
        apps: 'Aplicaciones',
        wifis: 'Wifis',
        devices: 'Dispositivos',
      },
      enable: 'Activar kiosco premium',
      enabled: 'Kiosco premium activado',
      profile_config: 'Configuración del perfil',
      profile: 'Perfil',
      choose_profile: 'Elija un perfil para ver sus aplicaciones, wifis y dispositivos.',
      no_profiles: 'Aún no hay perfiles: cree uno arriba.',
      profile_apps: 'Aplicaciones del perfil «%{name}»',
      profile_wifis: 'Wifis del perfil «%{name}»',
      profile_devices: 'Dispositivos del perfil «%{name}»',
    },
  },
  en: {
    kioskpremium: {
      title: 'Premium kiosk',
      tabs: {
        profiles: 'Profiles',
        apps: 'Apps',
        wifis: 'Wifis',
        devices: 'Devices',
      },
      enable: 'Enable the premium kiosk',
      enabled: 'Premium kiosk enabled',
      profile_config: 'Profile configuration',
      profile: 'Profile',
      choose_profile: 'Choose a profile to see its apps, wifis and devices.',
      no_profiles: 'No profiles yet: create one above.',
      profile_apps: 'Apps of profile “%{name}”',
      profile_wifis: 'Wifis of profile “%{name}”',
      profile_devices: 'Devices of profile “%{name}”',
    },
  },
};
