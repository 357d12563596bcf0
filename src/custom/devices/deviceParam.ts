/** The device list's address parameter that opens a device in its dialog: `device=<ID>`. */
export const DEVICE_PARAM = 'device';
