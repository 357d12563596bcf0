import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/**
 * The EMM kiosk feature of a company (002 §2 "Premium kiosk page", `EMMKiosk_ENABLED`): one row
 * per company. No row: the company has no premium kiosk, and an administrator is offered to
 * enable it (`EnableKiosk`); a row with `Enabled` off: every premium call answers
 * 'EMMKiosk_ENABLED desactivado'. Embedded: written by `EnableKiosk` and read by every premium
 * oper (server/kiosk/premium/).
 */
export const KIOSK_PREMIUM = {
  ...defineEntity({
    name: 'kiosk-premium',
    table: 'kiosk_premium',
    title: {
      one: { es: 'Kiosco premium de la empresa', en: 'Company premium kiosk' },
      many: { es: 'Kioscos premium', en: 'Premium kiosks' },
    },
    path: '/app/kioskpremium/feature',
    labelField: 'Enabled',
    search: null,
    sort: { field: 'updatedAt', order: 'DESC' },
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    fields: [
      field('Enabled', 'boolean', {
        label: { es: 'EMMKiosk activado', en: 'EMMKiosk enabled' },
        required: true,
        default: true,
        create: true,
        edit: true,
      }),
    ],
  }),
  embedded: true,
};
