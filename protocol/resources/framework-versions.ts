import { FRAMEWORK_PLATFORMS } from '../frameworks';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

const both = { create: true, edit: true } as const;

const entity = defineEntity({
  name: 'framework-versions',
  table: 'framework_versions',
  title: {
    one: { es: 'Versión de framework', en: 'Framework version' },
    many: { es: 'Versiones de framework', en: 'Framework versions' },
  },
  path: '/app/frameworks/versions',
  labelField: 'title',
  search: { es: 'Buscar por título o tipo', en: 'Search by title or type' },
  permissions: { read: { role: 'topadmin' }, write: { role: 'topadmin' } },
  sort: { field: 'title', order: 'ASC' },
  card: { fields: ['plat', 'type', 'url'] },
  hiddenColumns: ['description', 'templateSize'],
  fields: [
    field('plat', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: FRAMEWORK_PLATFORMS,
      required: true,
      default: 1,
      ...both,
    }),
    field('type', 'text', {
      label: { es: 'Tipo', en: 'Type' },
      required: true,
      maxLength: 40,
      pattern: '[A-Za-z0-9_.-]+',
      hint: { es: 'como native o hybrid', en: 'such as native or hybrid' },
      ...both,
    }),
    field('title', 'text', {
      label: { es: 'Título', en: 'Title' },
      required: true,
      unique: true,
      maxLength: 100,
      ...both,
    }),
    field('description', 'longtext', {
      label: { es: 'Descripción', en: 'Description' },
      maxLength: 2000,
      filter: false,
      sort: false,
      ...both,
    }),
    field('private', 'boolean', {
      label: { es: 'Privada', en: 'Private' },
      required: true,
      default: false,
      hint: {
        es: 'Solo el administrador de Flota la ve (framework de desarrollo)',
        en: 'Only the Flota administrator sees it (a development framework)',
      },
      ...both,
    }),
    field('url', 'text', {
      label: { es: 'Plantilla', en: 'Template' },
      readOnly: true,
      maxLength: 300,
      filter: false,
    }),
    field('templateSize', 'int', {
      label: { es: 'Tamaño (bytes)', en: 'Size (bytes)' },
      readOnly: true,
      filter: false,
    }),
  ],
});

/**
 * The framework versions (002 §3 Framework version: Id, Plat, Type, Tittle, Description,
 * Private, Url), kept by the top administrator inside /app/frameworks: each with its template
 * archive, uploaded apart (TEMPLATE_UPLOAD_PATH) into the file store; `url` is where it is
 * downloaded from. Companies pick from them by `frameworksVersions` (server/frameworks/).
 */
export const FRAMEWORK_VERSIONS = { ...entity, embedded: true };
