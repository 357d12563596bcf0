import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { POLICY_PLATFORM_CHOICES } from './mdm-policies';
import { mdmAccess } from './mdm-access';

/** The states of an organization's binding (docs/mdm.md, "The concepts"). */
export const ORGANIZATION_STATE_CHOICES = [
  { code: 'pending', label: { es: 'Pendiente', en: 'Pending' } },
  { code: 'bound', label: { es: 'Vinculada', en: 'Bound' } },
  { code: 'error', label: { es: 'Error', en: 'Error' } },
];

/** The fields only an organization of one platform has, by platform. */
export const PLATFORM_FIELDS = {
  android: ['enterpriseName', 'signupUrlName'],
  ios: ['apnsTopic', 'apnsSubject', 'apnsExpiry', 'apnsCertificate'],
  windows: ['upnDomain', 'discoveryUrl', 'windowsPolicy', 'enrolmentAllowed'],
} as const;

/** At most three rows a company: no column but the platform and state needs an index. */
const FEW = { filter: false, sort: false } as const;

const readOnlyText = (source: string, es: string, en: string) =>
  field(source, 'text', { label: { es, en }, readOnly: true, noWrap: true, ...FEW });

/**
 * `/app/mdmgeneral` (002 §2, issue 36): the company's MDM organizations, one per platform — the
 * Android enterprise (AMAPI), the Apple push certificate (APNs), the Windows enrolment — each with
 * the state of its binding. The Android one is bound at `/app/mdmafw` (the signup, server/mdm/);
 * the rules are server/engine/hooks/mdm-organizations.ts.
 */
export const MDM_ORGANIZATIONS = defineEntity({
  name: 'mdm-organizations',
  table: 'mdm_organizations',
  title: {
    one: { es: 'Organización MDM', en: 'MDM organization' },
    many: { es: 'Organizaciones MDM', en: 'MDM organizations' },
  },
  path: '/app/mdmgeneral',
  labelField: 'platform',
  search: null,
  ...mdmAccess('user', 'organization', 5),
  sort: { field: 'platform', order: 'ASC' },
  fields: [
    field('platform', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: POLICY_PLATFORM_CHOICES,
      required: true,
      unique: true,
      default: 'android',
      create: true,
    }),
    field('state', 'choice', {
      label: { es: 'Estado', en: 'State' },
      choices: ORGANIZATION_STATE_CHOICES,
      readOnly: true,
    }),
    field('contactEmail', 'text', {
      label: { es: 'Correo de contacto', en: 'Contact e-mail' },
      format: 'email',
      ...FEW,
      maxLength: 200,
      create: true,
      edit: true,
    }),
    readOnlyText('enterpriseName', 'Empresa Android (AMAPI)', 'Android enterprise (AMAPI)'),
    { ...readOnlyText('signupUrlName', 'Alta pendiente', 'Pending signup'), list: false },
    readOnlyText('apnsTopic', 'Tema APNs', 'APNs topic'),
    {
      ...readOnlyText('apnsSubject', 'Sujeto del certificado', 'Certificate subject'),
      list: false,
    },
    field('apnsExpiry', 'datetime', {
      label: { es: 'Caduca el certificado', en: 'Certificate expires' },
      readOnly: true,
      ...FEW,
    }),
    field('apnsCertificate', 'longtext', {
      label: { es: 'Certificado APNs (PEM)', en: 'APNs certificate (PEM)' },
      readOnly: true,
      list: false,
      ...FEW,
      export: false,
    }),
    field('upnDomain', 'text', {
      label: { es: 'Dominio UPN', en: 'UPN domain' },
      ...FEW,
      maxLength: 200,
      pattern: '[a-zA-Z0-9-]+(\\.[a-zA-Z0-9-]+)+',
      hint: { es: 'como empresa.com', en: 'such as company.com' },
      create: true,
      edit: true,
      noWrap: true,
    }),
    field('discoveryUrl', 'text', {
      label: { es: 'URL de descubrimiento', en: 'Discovery URL' },
      format: 'url',
      ...FEW,
      maxLength: 300,
      create: true,
      edit: true,
      noWrap: true,
      list: false,
    }),
    field('windowsPolicy', 'reference', {
      label: { es: 'Política de inscripción', en: 'Enrolment policy' },
      reference: 'mdm-policies',
      hint: {
        es: 'la que reciben los equipos Windows que se inscriben',
        en: 'the one the Windows devices that enrol receive',
      },
      list: false,
      ...FEW,
      create: true,
      edit: true,
    }),
    field('enrolmentAllowed', 'boolean', {
      label: { es: 'Inscripción permitida', en: 'Enrolment allowed' },
      default: true,
      list: false,
      ...FEW,
      create: true,
      edit: true,
    }),
  ],
});
