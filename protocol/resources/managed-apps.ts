import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/**
 * `/app/managed-apps`: the company's catalogue of managed apps, by Android package, which kiosk
 * profiles and MDM policies pick from (issues 35, 36): whether an app must be installed on the
 * devices it reaches, and whether it updates itself. The whole entity: the engine gives it its
 * table, list, forms, REST, OpenAPI, actions log and history (docs/resources.md, "The engine").
 */
export const MANAGED_APPS = defineEntity({
  name: 'managed-apps',
  table: 'managed_apps',
  title: {
    one: { es: 'Aplicación gestionada', en: 'Managed app' },
    many: { es: 'Aplicaciones gestionadas', en: 'Managed apps' },
  },
  path: '/app/managed-apps',
  labelField: 'label',
  search: { es: 'Buscar por paquete o nombre', en: 'Search by package or name' },
  permissions: { read: { role: 'user' }, write: { role: 'admin' } },
  menu: { section: 'administration', icon: 'apps', order: 60 },
  fields: [
    field('packageName', 'text', {
      label: { es: 'Paquete', en: 'Package' },
      required: true,
      unique: true,
      maxLength: 200,
      pattern: '[a-zA-Z][a-zA-Z0-9_]*(\\.[a-zA-Z][a-zA-Z0-9_]*)+',
      hint: { es: 'como com.empresa.app', en: 'such as com.company.app' },
      create: true,
      edit: true,
      noWrap: true,
    }),
    field('label', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      maxLength: 100,
      create: true,
      edit: true,
    }),
    field('required', 'boolean', {
      label: { es: 'Obligatoria', en: 'Required' },
      required: true,
      default: false,
      create: true,
      edit: true,
    }),
    field('autoUpdate', 'boolean', {
      label: { es: 'Actualización automática', en: 'Automatic update' },
      required: true,
      default: true,
      create: true,
      edit: true,
    }),
  ],
});
