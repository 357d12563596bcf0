import { z } from 'zod';
import type { ResourceDefinition, VerbDefinition, Verb } from './resource-definition';
import { defineEntity, engineOperationName, type EngineVerb } from './resource-entity';
import { field, type FieldLabel, type FieldSchema, type FieldType } from './resource-schema';

/**
 * What operators add live (issue 34, points 7, 8 and 11; docs/resources.md "Custom entities",
 * "Custom fields"): the bodies of `/api/rest/custom-entities` and `/api/rest/custom-fields`, and
 * the definition the engine and the console make of a stored entity.
 */

/** The types of point 7, as an operator names them. */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'longtext',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'choice',
  'reference',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** The types as an operator reads them, in the console's two languages. */
export const CUSTOM_FIELD_TYPE_CHOICES: { code: CustomFieldType; label: FieldLabel }[] = [
  { code: 'text', label: { es: 'Texto', en: 'Text' } },
  { code: 'longtext', label: { es: 'Texto largo', en: 'Long text' } },
  { code: 'integer', label: { es: 'Número entero', en: 'Whole number' } },
  { code: 'decimal', label: { es: 'Número decimal', en: 'Decimal number' } },
  { code: 'boolean', label: { es: 'Sí o no', en: 'Yes or no' } },
  { code: 'date', label: { es: 'Fecha', en: 'Date' } },
  { code: 'datetime', label: { es: 'Fecha y hora', en: 'Date and time' } },
  { code: 'choice', label: { es: 'Lista de opciones', en: 'Choice' } },
  { code: 'reference', label: { es: 'Referencia a otro recurso', en: 'Reference to a resource' } },
];

const FIELD_TYPE: Record<CustomFieldType, FieldType> = {
  text: 'text',
  longtext: 'longtext',
  integer: 'integer',
  decimal: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  choice: 'choice',
  reference: 'reference',
};

/** The icons a custom entity's menu entry may take (the console's menu icons). */
export const CUSTOM_MENU_ICONS = [
  'tables',
  'apps',
  'settings',
  'devices',
  'group',
  'domain',
  'reports',
] as const;

const labelSchema = z.strictObject({
  es: z.string().trim().min(1).max(100),
  en: z.string().trim().min(1).max(100),
});

const isRegExp = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** A field's name: a letter, then letters and digits (camelCase), as the wire keeps it. */
export const CUSTOM_FIELD_NAME = /^[a-z][a-zA-Z0-9]{0,39}$/;
/** An entity's name: its REST path and console path, lower-case words joined by `-`. */
export const CUSTOM_ENTITY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** One field of a custom entity, or a custom field's options (without `resource`). */
export const customFieldSchema = z
  .strictObject({
    name: z.string().regex(CUSTOM_FIELD_NAME).max(40),
    type: z.enum(CUSTOM_FIELD_TYPES),
    label: labelSchema,
    required: z.boolean().default(false),
    unique: z.boolean().default(false),
    maxLength: z.number().int().min(1).max(100_000).nullable().default(null),
    min: z.number().finite().nullable().default(null),
    max: z.number().finite().nullable().default(null),
    pattern: z
      .string()
      .max(500)
      .refine(isRegExp, 'not a regular expression')
      .nullable()
      .default(null),
    default: z
      .union([z.string().max(1000), z.number().finite(), z.boolean()])
      .nullable()
      .default(null),
    help: labelSchema.nullable().default(null),
    choices: z
      .array(
        z.strictObject({
          code: z.union([z.string().trim().min(1).max(100), z.number().int()]),
          label: labelSchema,
        }),
      )
      .min(1)
      .max(200)
      .nullable()
      .default(null),
    reference: z.string().max(60).nullable().default(null),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'choice' && !f.choices) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'a choice needs its choices' });
    }
    if (f.type === 'reference' && !f.reference) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'a reference names a resource',
      });
    }
    if (f.min !== null && f.max !== null && f.min > f.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'max is below min' });
    }
  });
export type CustomField = z.infer<typeof customFieldSchema>;

const roleSchema = z.enum(['user', 'admin']);

/** Where an entity's records are kept: one set per company, or one per project of it. */
export const CUSTOM_SCOPES = ['company', 'project'] as const;

/** The scopes as an operator reads them. */
export const CUSTOM_SCOPE_CHOICES: { code: (typeof CUSTOM_SCOPES)[number]; label: FieldLabel }[] = [
  { code: 'company', label: { es: 'Compañía', en: 'Company' } },
  { code: 'project', label: { es: 'Cada proyecto', en: 'Each project' } },
];

/** The body of `/api/rest/custom-entities` (create; an edit may change all but `name`). */
export const customEntitySchema = z
  .strictObject({
    name: z.string().min(2).max(30).regex(CUSTOM_ENTITY_NAME),
    // `project`: its records are kept per project, at /api/rest/projects/<numero>/<name>.
    scope: z.preprocess((value) => value ?? undefined, z.enum(CUSTOM_SCOPES).default('company')),
    title: z.strictObject({ one: labelSchema, many: labelSchema }),
    fields: z.array(customFieldSchema).min(1).max(50),
    // A form's empty JSON is null: the defaults then.
    permissions: z.preprocess(
      (value) => value ?? undefined,
      z
        .strictObject({ read: roleSchema.default('user'), write: roleSchema.default('admin') })
        .default({ read: 'user', write: 'admin' }),
    ),
    menu: z
      .strictObject({
        section: z.preprocess(
          (value) => (value === '' || value === null ? undefined : value),
          z.enum(['administration', 'projects', 'devices']).optional(),
        ),
        icon: z.enum(CUSTOM_MENU_ICONS).default('tables'),
        order: z.number().int().min(0).max(1000).default(100),
      })
      .nullable()
      .default({ icon: 'tables', order: 100 }),
  })
  // Without a section, a project's entity goes in the projects' group, a company's in Administración.
  .transform((entity) => ({
    ...entity,
    menu: entity.menu && {
      ...entity.menu,
      section: entity.menu.section ?? (entity.scope === 'project' ? 'projects' : 'administration'),
    },
  }));
export type CustomEntity = z.infer<typeof customEntitySchema>;

/** The body of `/api/rest/custom-fields`: the resource it is added to, and the field. */
export const customFieldBodySchema = z.intersection(
  z.object({ resource: z.string().min(1).max(60) }),
  customFieldSchema,
);

/** A stored entity as the definition is made of it. */
export interface StoredCustomEntity extends CustomEntity {
  table: string;
}

/** The console path of a custom entity's list. */
export const customEntityPath = (name: string) => `/app/custom/${name}`;

/** The engine's operations every custom entity's calls go to, the entity named in `fixed`. */
export const CUSTOM_RECORDS = 'custom-records';
export const customRecordsOperation = (verb: EngineVerb) =>
  engineOperationName(CUSTOM_RECORDS, verb);

const VERB_OPERATION: Record<Verb, EngineVerb> = {
  list: 'list',
  export: 'list',
  show: 'show',
  create: 'create',
  edit: 'edit',
  delete: 'delete',
};

/** A custom field as a declared field: editable in both forms, listed, filtered and sorted. */
export function customFieldOf(f: CustomField, custom = false): FieldSchema {
  const help: FieldLabel | null = f.help;
  return field(f.name, FIELD_TYPE[f.type], {
    label: f.label,
    required: f.required,
    unique: f.unique || undefined,
    maxLength: f.maxLength,
    min: f.min,
    max: f.max,
    pattern: f.pattern,
    hint: help,
    default: f.default,
    choices: f.choices,
    reference: f.reference,
    create: true,
    edit: true,
    ...(custom ? { custom: true } : {}),
  });
}

/**
 * The definition of a stored custom entity: an engine entity (`defineEntity`) whose verbs call
 * the engine's `customRecords*` operations with the entity's name, so that a new entity is served
 * at once by operations every node already has.
 */
export function customEntityDefinition(entity: StoredCustomEntity): ResourceDefinition {
  const texts = entity.fields.filter((f) => f.type === 'text' || f.type === 'longtext');
  const labelField = (texts[0] ?? entity.fields[0]).name;
  const definition = defineEntity({
    name: entity.name,
    table: entity.table,
    title: entity.title,
    path: customEntityPath(entity.name),
    labelField,
    scope: entity.scope,
    sort: { field: labelField, order: 'ASC' },
    search: texts.length > 0 ? { es: 'Buscar', en: 'Search' } : null,
    permissions: {
      read: { role: entity.permissions.read },
      write: { role: entity.permissions.write },
    },
    ...(entity.menu ? { menu: entity.menu } : {}),
    fields: entity.fields.map((f) => customFieldOf(f)),
  });
  const verbs = Object.fromEntries(
    Object.entries(definition.verbs).map(([verb, declared]) => {
      const call = declared.call as Extract<VerbDefinition['call'], { operation: string }>;
      const operation = customRecordsOperation(VERB_OPERATION[verb as Verb]);
      return [verb, { ...declared, call: { ...call, operation, fixed: { entity: entity.name } } }];
    }),
  );
  return { ...definition, verbs };
}
