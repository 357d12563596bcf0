import { operatorsFor } from '../filters';
import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';
import { USER_RIGHTS } from './users';

const user: VerbPermission = { role: 'user' };

export const CLIENT_TYPES = [
  { code: 'api', label: { es: 'Cliente de API', en: 'API client' } },
  { code: 'login', label: { es: 'Cliente de acceso', en: 'Login client' } },
];

/**
 * `/app/security` (002 §2, §7 identity-server calls): the clients of the embedded identity
 * provider the company registers. An API client gets tokens with its secret (client credentials)
 * and acts with the rights its creator gave it; a login client signs the company's users in to
 * another application (authorization code with PKCE, no secret). Created and deleted live.
 */
export const IDENTITY_CLIENTS = defineResource({
  name: 'identity-clients',
  title: {
    one: { es: 'Cliente de identidad', en: 'Identity client' },
    many: { es: 'Seguridad: clientes de identidad', en: 'Security: identity clients' },
  },
  path: '/app/security',
  key: 'clientid',
  labelField: 'name',
  sort: { field: 'created_at', order: 'DESC' },
  search: { es: 'Buscar por nombre o identificador', en: 'Search by name or identifier' },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      create: true,
      required: true,
      maxLength: 100,
    }),
    field('type', 'choice', {
      label: { es: 'Tipo', en: 'Type' },
      choices: CLIENT_TYPES,
      create: true,
      required: true,
      default: 'api',
    }),
    field('clientid', 'text', {
      label: { es: 'Identificador (client_id)', en: 'Identifier (client_id)' },
      computed: true,
      noWrap: true,
    }),
    field('rights', 'choice', {
      label: { es: 'Derechos', en: 'Rights' },
      choices: USER_RIGHTS,
      create: true,
      default: 'USUARIO',
    }),
    field('redirect_uris', 'longtext', {
      label: { es: 'Direcciones de retorno', en: 'Redirect URIs' },
      hint: {
        es: 'una por línea; https, o http solo para localhost',
        en: 'one per line; https, or http for localhost only',
      },
      create: true,
      maxLength: 4000,
      filter: false,
      sort: false,
    }),
    field('created_login', 'text', {
      label: { es: 'Creado por', en: 'Created by' },
      computed: true,
    }),
    field('created_at', 'date', {
      label: { es: 'Creado', en: 'Created' },
      computed: true,
      filter: false,
    }),
  ],
  filterOperators: { name: operatorsFor('text'), clientid: operatorsFor('text') },
  verbs: {
    list: { permission: user, call: { operation: 'clients' } },
    export: { permission: user, call: { operation: 'clients' } },
    create: { permission: user, call: { operation: 'createClient' } },
    delete: { permission: user, call: { operation: 'deleteClient', id: 'clientid' } },
  },
});

/** The inputs each type of client uses (the form shows those of the type chosen). */
export const CLIENT_INPUTS: Readonly<Record<string, readonly string[]>> = {
  api: ['name', 'type', 'rights'],
  login: ['name', 'type', 'redirect_uris'],
};
