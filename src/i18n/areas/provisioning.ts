/** Messages of device provisioning (device list submenu, the device dialog's Provision tab). */
export const provisioningMessages = {
  es: { provisioning: {} },
  en: { provisioning: {} },
};
