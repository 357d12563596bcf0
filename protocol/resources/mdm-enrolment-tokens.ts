import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { POLICY_PLATFORM_CHOICES } from './mdm-policies';
import { mdmAccess } from './mdm-access';

const both = { create: true, edit: true } as const;

/**
 * `/app/mdmenrolment` (issue 36, docs/mdm.md "Enrolment"): the company's MDM enrolment tokens, one
 * policy each (AMAPI's `EnrollmentToken`): how many devices may use it and until when, whether the
 * devices it enrols wait for approval in `/app/mdmpendingdevices`, the project their device
 * rows live in and the device group of that project they join (and take its assigned policy). A row's QR (the Android provisioning payload), link, iOS `.mobileconfig` and
 * Windows enrolment URL are `mdmEnrolmentDetails` (server/mdm/enrolment-files.ts). The token's
 * value is made by the server (server/engine/hooks/mdm-enrolment-tokens.ts) and shown only to the
 * company's administrators, who alone read this list.
 */
export const MDM_ENROLMENT_TOKENS = defineEntity({
  name: 'mdm-enrolment-tokens',
  table: 'mdm_enrolment_tokens',
  title: {
    one: { es: 'Token de inscripción', en: 'Enrolment token' },
    // The menu shows this title: 'Tokens de inscripción MDM' did not fit on one line.
    many: { es: 'Inscripción MDM', en: 'MDM enrolment' },
  },
  path: '/app/mdmenrolment',
  labelField: 'name',
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  ...mdmAccess('admin', 'qr', 11),
  sort: { field: 'name', order: 'ASC' },
  card: { fields: ['policy', 'uses', 'expiresAt'] },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      unique: true,
      maxLength: 100,
      ...both,
    }),
    field('policy', 'reference', {
      label: { es: 'Política', en: 'Policy' },
      reference: 'mdm-policies',
      required: true,
      ...both,
    }),
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      readOnly: true,
    }),
    field('project', 'reference', {
      label: { es: 'Proyecto', en: 'Project' },
      reference: 'recents',
      required: true,
      create: true,
      hint: {
        es: 'donde quedan los dispositivos que se inscriben',
        en: 'where the devices that enrol are kept',
      },
    }),
    field('group', 'reference', {
      label: { es: 'Grupo de dispositivos', en: 'Device group' },
      reference: 'groups',
      projectField: 'project',
      hint: {
        es: 'los dispositivos que se inscriben entran en él',
        en: 'the devices that enrol join it',
      },
      ...both,
    }),
    field('approval', 'boolean', {
      label: { es: 'Requiere aprobación', en: 'Needs approval' },
      required: true,
      default: false,
      hint: {
        es: 'los dispositivos esperan en «Dispositivos pendientes»',
        en: 'devices wait in "Pending devices"',
      },
      ...both,
    }),
    field('maxUses', 'int', {
      label: { es: 'Usos máximos', en: 'Maximum uses' },
      min: 1,
      max: 100000,
      hint: { es: 'vacío: sin límite', en: 'empty: no limit' },
      ...both,
    }),
    field('uses', 'int', { label: { es: 'Usos', en: 'Uses' }, readOnly: true }),
    field('expiresAt', 'datetime', {
      label: { es: 'Caduca', en: 'Expires' },
      hint: { es: 'vacío: no caduca', en: 'empty: never' },
      ...both,
    }),
    field('token', 'text', {
      label: { es: 'Token', en: 'Token' },
      readOnly: true,
      list: false,
      filter: false,
      sort: false,
      noWrap: true,
    }),
  ],
});
