import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { mdmAccess } from './mdm-access';

/**
 * `/app/mdmusers` (002 §2, issue 36): the people the managed devices belong to, as AMAPI's `User`
 * and Apple's managed Apple ID: a name, an e-mail, the directory's id. A device is assigned to one
 * (its `mdmUser`, protocol/resources/mdm-devices.ts); the managed-devices list filtered by a user
 * shows theirs (docs/mdm.md, "Users and roles").
 */
export const MDM_USERS = defineEntity({
  name: 'mdm-users',
  table: 'mdm_users',
  title: {
    one: { es: 'Usuario MDM', en: 'MDM user' },
    many: { es: 'Usuarios MDM', en: 'MDM users' },
  },
  path: '/app/mdmusers',
  labelField: 'name',
  search: { es: 'Buscar por nombre o correo', en: 'Search by name or e-mail' },
  ...mdmAccess('user', 'group', 16),
  sort: { field: 'name', order: 'ASC' },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      maxLength: 100,
      create: true,
      edit: true,
    }),
    field('email', 'text', {
      label: { es: 'Correo electrónico', en: 'E-mail' },
      format: 'email',
      unique: true,
      maxLength: 200,
      create: true,
      edit: true,
    }),
    field('externalId', 'text', {
      label: { es: 'Id. externo', en: 'External id' },
      unique: true,
      maxLength: 200,
      hint: {
        es: 'su id. en el directorio de la empresa',
        en: "their id in the company's directory",
      },
      create: true,
      edit: true,
      noWrap: true,
    }),
  ],
});
