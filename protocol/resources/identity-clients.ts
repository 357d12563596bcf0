import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { USER_RIGHTS } from './users';

export const CLIENT_TYPES = [
  { code: 'api', label: { es: 'Cliente de API', en: 'API client' } },
  { code: 'login', label: { es: 'Cliente de acceso', en: 'Login client' } },
];

/**
 * `/app/security` (002 §2, §7 identity-server calls): the clients of the embedded identity
 * provider the company registers. An API client gets tokens with its secret (client credentials)
 * and acts with the rights its creator gave it; a login client signs the company's users in to
 * another application (authorization code with PKCE, no secret). Created and deleted live.
 * Served by the engine on the table it maps, core.identity_clients, keyed by the text
 * `clientid`; its rules in server/engine/hooks/identity-clients.ts.
 */
const ENTITY = defineEntity({
  name: 'identity-clients',
  table: 'identity_clients',
  keyType: 'text',
  mapped: { columns: { id: 'clientid', dbid: 'numero' } },
  // The specification's calls (002 §7), aliases of the engine's: `deleteClient {clientid}`.
  wireNames: { list: 'clients', create: 'createClient', delete: 'deleteClient' },
  wireRename: { id: 'clientid' },
  actions: { create: 'client_created', delete: 'client_deleted' },
  // Each verb is gated further by the client's type (002 §6) and its creator, in the hook.
  permissions: { read: { role: 'user' }, write: { role: 'user' } },
  title: {
    one: { es: 'Cliente de identidad', en: 'Identity client' },
    many: { es: 'Seguridad: clientes de identidad', en: 'Security: identity clients' },
  },
  path: '/app/security',
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
    field('dbid', 'int', {
      label: { es: 'Proyecto', en: 'Project' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
    }),
  ],
  hiddenColumns: ['updatedAt'],
});

/** Clients are not edited: a new one replaces one (no edit verb, so the engine serves none). */
export const IDENTITY_CLIENTS = {
  ...ENTITY,
  verbs: {
    list: ENTITY.verbs.list,
    export: ENTITY.verbs.export,
    show: ENTITY.verbs.show,
    create: ENTITY.verbs.create,
    delete: ENTITY.verbs.delete,
  },
};

/** The inputs each type of client uses (the form shows those of the type chosen). */
export const CLIENT_INPUTS: Readonly<Record<string, readonly string[]>> = {
  api: ['name', 'type', 'rights'],
  login: ['name', 'type', 'redirect_uris'],
};
