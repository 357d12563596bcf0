import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';
import { NON_COMPLIANCE_REASON_CHOICES } from '../mdm/device-messages';

/**
 * The settings a managed device did not apply (AMAPI's `NonComplianceDetail`), in its page's
 * "Política" tab (`/app/mdmadminedit`): rows the page holds — the device's `nonCompliance` — as a
 * declared list, each setting with its group label, its reason by its label and the detail.
 */
export const MDM_DEVICE_COMPLIANCE = defineResource({
  name: 'mdm-device-compliance',
  title: {
    one: { es: 'Ajuste sin aplicar', en: 'Setting not applied' },
    many: { es: 'Ajustes sin aplicar', en: 'Settings not applied' },
  },
  path: '/app/mdmadminedit/compliance',
  embedded: true,
  key: 'id',
  labelField: 'setting',
  sort: { field: 'setting', order: 'ASC' },
  perPage: [20, 100],
  fields: [
    field('setting', 'text', { label: { es: 'Ajuste', en: 'Setting' }, filter: false }),
    field('reason', 'choice', {
      label: { es: 'Motivo', en: 'Reason' },
      choices: NON_COMPLIANCE_REASON_CHOICES,
      filter: false,
    }),
    field('detail', 'text', { label: { es: 'Detalle', en: 'Detail' }, filter: false }),
  ],
});
