import type { VerbPermission } from '../resource-definition';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

const user: VerbPermission = { role: 'user' };
const admin: VerbPermission = { role: 'admin' };

/** The kinds of certificate a company uploads (002 §3 Certificate), with their platform. */
export const CERTIFICATE_TYPES = [
  {
    code: 'keystore',
    label: { es: 'Android (.jks, .keystore)', en: 'Android (.jks, .keystore)' },
  },
  { code: 'p12', label: { es: 'Apple (.p12)', en: 'Apple (.p12)' } },
];

/** The platform of each type: 1 Android, 2 iOS (002 §9). */
export const CERTIFICATE_PLATFORM: Readonly<Record<string, number>> = { keystore: 1, p12: 2 };

/** The largest certificate file accepted, in bytes. */
export const CERTIFICATE_MAX_BYTES = 1024 * 1024;

/** Where a certificate is uploaded: multipart, its fields and then its `file`. */
export const CERTIFICATE_UPLOAD_PATH = '/api/organization/certificates';

/**
 * The company's signing certificates in /app/organization (002 §3 Certificate): Android keystores
 * with their alias and passwords, Apple p12 files with their password and team id. Uploaded by a
 * form with the file (not a services call); listed with those shared with the company; shared
 * with other companies by editing. Passwords and files are never read back. Served by the engine
 * on the table it maps, core.certificates (list, show, delete, revisions, custom fields, REST);
 * its rules in server/engine/hooks/certificates.ts. The upload and the shares stay hand-written.
 */
const ENTITY = defineEntity({
  name: 'certificates',
  table: 'certificates',
  mapped: { columns: { owner_id: 'company_id' } },
  // The specification's calls (002 §7), aliases of the engine's.
  wireNames: { list: 'certificates', delete: 'deleteCertificate' },
  actions: { edit: 'certificate_modified', delete: 'certificate_deleted' },
  permissions: { read: user, write: admin },
  title: {
    one: { es: 'Certificado', en: 'Certificate' },
    many: { es: 'Certificados', en: 'Certificates' },
  },
  path: '/app/organization/certificates',
  embedded: true,
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  search: { es: 'Buscar por nombre o alias', en: 'Search by name or alias' },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      create: true,
      required: true,
      maxLength: 100,
    }),
    field('type', 'choice', {
      label: { es: 'Tipo', en: 'Type' },
      choices: CERTIFICATE_TYPES,
      create: true,
      required: true,
      default: 'keystore',
    }),
    field('certname', 'text', {
      label: { es: 'Alias', en: 'Alias' },
      create: true,
      maxLength: 200,
    }),
    field('teamid', 'text', {
      label: { es: 'Team ID', en: 'Team ID' },
      create: true,
      maxLength: 20,
      pattern: '[A-Za-z0-9]*',
    }),
    field('keystorepwd', 'password', {
      label: { es: 'Contraseña del almacén', en: 'Keystore password' },
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      maxLength: 200,
    }),
    field('certpwd', 'password', {
      label: { es: 'Contraseña de la clave', en: 'Key password' },
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      maxLength: 200,
    }),
    field('file_name', 'text', {
      label: { es: 'Fichero', en: 'File' },
      computed: true,
      filter: false,
    }),
    field('expires_at', 'date', {
      label: { es: 'Caduca', en: 'Expires' },
      computed: true,
      filter: false,
    }),
    field('owner', 'text', {
      label: { es: 'Empresa', en: 'Company' },
      computed: true,
      sort: false,
    }),
    field('shared_names', 'text', {
      label: { es: 'Compartido con', en: 'Shared with' },
      computed: true,
      sort: false,
    }),
    field('shared', 'reference', {
      label: { es: 'Compartir con', en: 'Share with' },
      reference: 'shared-companies',
      multiple: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
      edit: true,
    }),
    field('uploaded_login', 'text', {
      label: { es: 'Subido por', en: 'Uploaded by' },
      computed: true,
    }),
    field('uploaded_at', 'date', {
      label: { es: 'Subido', en: 'Uploaded' },
      computed: true,
      filter: false,
    }),
    field('plat', 'int', {
      label: { es: 'Plataforma', en: 'Platform' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
    // The owning company's id (the row's `mine` is worked out from it).
    field('owner_id', 'int', {
      label: { es: 'Empresa', en: 'Company' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
  ],
  hiddenColumns: ['updatedAt'],
});

/**
 * Created by the upload (it parses the keystore), so no create verb. An edit changes the shares
 * (many to many) and custom fields; `shareCertificate` (002 §7) stays the hand-written call.
 */
export const CERTIFICATES = {
  ...ENTITY,
  verbs: {
    list: ENTITY.verbs.list,
    export: ENTITY.verbs.export,
    show: ENTITY.verbs.show,
    edit: ENTITY.verbs.edit,
    delete: ENTITY.verbs.delete,
  },
};

/** The inputs each type of certificate uses (the form shows those of the type chosen). */
export const CERTIFICATE_INPUTS: Readonly<Record<string, readonly string[]>> = {
  keystore: ['name', 'type', 'certname', 'keystorepwd', 'certpwd'],
  p12: ['name', 'type', 'teamid', 'certpwd'],
};
