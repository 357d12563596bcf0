import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/**
 * A premium kiosk device (002 §3 Premium kiosk Device): a device of one of the company's
 * projects (`Database`, the project's number; `Guid`, its MID) and the profile it is in
 * (`Idprofile`, none when empty: profile 0 on the wire). Moving it is a hook
 * (server/engine/hooks/kiosk-devices.ts) that sends, through the command queue, policy (into a
 * profile from none), change-policy (from another profile) or invert-policy (out of its profile).
 * Its figures (battery, memory, operator…) are read from the project's device information.
 */
export const KIOSK_DEVICES = {
  ...defineEntity({
    name: 'kiosk-devices',
    table: 'kiosk_devices',
    title: {
      one: { es: 'Dispositivo del kiosco', en: 'Kiosk device' },
      many: { es: 'Dispositivos del kiosco', en: 'Kiosk devices' },
    },
    path: '/app/kioskpremium/devices',
    labelField: 'Guid',
    search: { es: 'Buscar por identificador o IMEI', en: 'Search by identifier or IMEI' },
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    sort: { field: 'Guid', order: 'ASC' },
    perPage: [10, 20, 50, 100],
    fields: [
      field('Guid', 'text', {
        label: { es: 'Identificador', en: 'Identifier' },
        required: true,
        unique: true,
        maxLength: 100,
        create: true,
        noWrap: true,
      }),
      field('Database', 'int', {
        label: { es: 'Proyecto', en: 'Project' },
        required: true,
        min: 1,
        create: true,
      }),
      field('Imei1', 'text', {
        label: { es: 'IMEI', en: 'IMEI' },
        maxLength: 32,
        create: true,
        edit: true,
      }),
      field('Imei2', 'text', {
        label: { es: 'Segundo IMEI', en: 'Second IMEI' },
        maxLength: 32,
        create: true,
        edit: true,
      }),
      field('Idprofile', 'reference', {
        label: { es: 'Perfil', en: 'Profile' },
        reference: 'kiosk-profiles',
        create: true,
        edit: true,
      }),
      field('Error', 'int', {
        label: { es: 'Error', en: 'Error' },
        readOnly: true,
      }),
      field('Errdesc', 'text', {
        label: { es: 'Descripción del error', en: 'Error description' },
        maxLength: 500,
        readOnly: true,
      }),
    ],
  }),
  embedded: true,
};
