import {
  CUSTOM_FIELD_TYPE_CHOICES,
  CUSTOM_MENU_ICONS,
  CUSTOM_SCOPE_CHOICES,
  type CustomField,
  type CustomFieldType,
} from '../../../protocol/custom-entity';
import { defineResource, type ResourceDefinition } from '../../../protocol/resource-definition';
import { field, type FieldChoice } from '../../../protocol/resource-schema';

/**
 * The forms of custom fields and custom entities (docs/resources.md, "Custom entities"), declared
 * as the factory declares any form: DefinitionInputs draws them with the declared rules checked
 * inline, and the server checks the body again (protocol/custom-entity.ts).
 */

const label = (es: string, en: string) => ({ label: { es, en } });
const input = { create: true, edit: true };
const text = (source: string, es: string, en: string, maxLength = 100, required = true) =>
  field(source, 'text', { ...label(es, en), ...input, required, maxLength });

/** The inputs every type has, then those a type adds, by source. */
const COMMON = ['name', 'type', 'label.es', 'label.en', 'required', 'help.es', 'help.en'];
const TYPE_INPUTS: Record<CustomFieldType, string[]> = {
  text: ['unique', 'maxLength', 'pattern', 'default'],
  longtext: ['maxLength', 'default'],
  integer: ['unique', 'min', 'max', 'default'],
  decimal: ['unique', 'min', 'max', 'default'],
  boolean: ['default'],
  date: ['unique'],
  datetime: [],
  choice: ['choices', 'default'],
  reference: ['reference'],
};

/** The inputs a field of this type shows (`resource` where the form has it). */
export const customFieldInputs = (type: CustomFieldType) => [
  'resource',
  ...COMMON,
  ...TYPE_INPUTS[type],
];

/**
 * The field form: its `default` input takes the type's values, `reference` the resources given;
 * `resource` (the custom fields' own screen) names the resource the field is added to.
 */
export function customFieldForm(
  type: CustomFieldType,
  resources: FieldChoice[],
  withResource = false,
): ResourceDefinition {
  const numeric = type === 'integer' || type === 'decimal';
  const defaultField = field(
    'default',
    numeric ? 'number' : type === 'boolean' ? 'boolean' : 'text',
    {
      ...label('Valor inicial', 'Default value'),
      ...input,
      maxLength: numeric || type === 'boolean' ? null : 1000,
    },
  );
  return defineResource({
    name: 'custom-field-form',
    title: { one: label('Campo', 'Field').label, many: label('Campos', 'Fields').label },
    path: '',
    key: 'name',
    fields: [
      ...(withResource
        ? [
            field('resource', 'choice', {
              ...label('Recurso', 'Resource'),
              ...input,
              required: true,
              readOnly: true,
              choices: resources,
            }),
          ]
        : []),
      field('name', 'text', {
        ...label('Nombre interno', 'Internal name'),
        ...input,
        required: true,
        readOnly: true,
        maxLength: 40,
        pattern: '[a-z][a-zA-Z0-9]*',
        hint: { es: 'como numeroSerie', en: 'such as serialNumber' },
      }),
      field('type', 'choice', {
        ...label('Tipo', 'Type'),
        ...input,
        required: true,
        readOnly: true,
        choices: CUSTOM_FIELD_TYPE_CHOICES,
      }),
      text('label.es', 'Etiqueta en español', 'Label in Spanish'),
      text('label.en', 'Etiqueta en inglés', 'Label in English'),
      field('required', 'boolean', { ...label('Obligatorio', 'Required'), ...input }),
      field('unique', 'boolean', { ...label('Sin repetidos', 'Unique'), ...input }),
      field('maxLength', 'integer', {
        ...label('Longitud máxima', 'Maximum length'),
        ...input,
        min: 1,
        max: 100_000,
      }),
      field('min', 'number', { ...label('Mínimo', 'Minimum'), ...input }),
      field('max', 'number', { ...label('Máximo', 'Maximum'), ...input }),
      field('pattern', 'text', {
        ...label('Patrón (expresión regular)', 'Pattern (regular expression)'),
        ...input,
        maxLength: 500,
      }),
      defaultField,
      text('help.es', 'Ayuda en español', 'Help in Spanish', 100, false),
      text('help.en', 'Ayuda en inglés', 'Help in English', 100, false),
      field('reference', 'choice', {
        ...label('Referencia a', 'Reference to'),
        ...input,
        required: true,
        choices: resources,
      }),
    ],
  });
}

const ICON_LABELS: Record<(typeof CUSTOM_MENU_ICONS)[number], { es: string; en: string }> = {
  tables: { es: 'Tabla', en: 'Table' },
  apps: { es: 'Aplicaciones', en: 'Apps' },
  settings: { es: 'Ajustes', en: 'Settings' },
  devices: { es: 'Dispositivo', en: 'Device' },
  group: { es: 'Grupo', en: 'Group' },
  domain: { es: 'Empresa', en: 'Company' },
  reports: { es: 'Informe', en: 'Report' },
};

const ROLES: FieldChoice[] = [
  { code: 'user', label: { es: 'Todos los usuarios', en: 'Every user' } },
  { code: 'admin', label: { es: 'Administradores', en: 'Administrators' } },
];

/** The entity form, its fields apart (CustomFieldsInput edits them). */
export const CUSTOM_ENTITY_FORM = defineResource({
  name: 'custom-entity-form',
  title: { one: label('Entidad', 'Entity').label, many: label('Entidades', 'Entities').label },
  path: '',
  key: 'name',
  fields: [
    field('name', 'text', {
      ...label('Nombre (dirección)', 'Name (address)'),
      ...input,
      required: true,
      readOnly: true,
      maxLength: 30,
      pattern: '[a-z][a-z0-9]*(-[a-z0-9]+)*',
      hint: {
        es: 'minúsculas y guiones, como vehiculos',
        en: 'lower case and dashes, such as vehicles',
      },
    }),
    field('scope', 'choice', {
      ...label('Ámbito', 'Scope'),
      ...input,
      required: true,
      readOnly: true,
      choices: CUSTOM_SCOPE_CHOICES,
    }),
    text('title.one.es', 'Título de uno, en español', 'Title of one, in Spanish'),
    text('title.one.en', 'Título de uno, en inglés', 'Title of one, in English'),
    text('title.many.es', 'Título de la lista, en español', 'Title of the list, in Spanish'),
    text('title.many.en', 'Título de la lista, en inglés', 'Title of the list, in English'),
    field('permissions.read', 'choice', {
      ...label('Quién la lee', 'Who reads it'),
      ...input,
      required: true,
      choices: ROLES,
    }),
    field('permissions.write', 'choice', {
      ...label('Quién la cambia', 'Who changes it'),
      ...input,
      required: true,
      choices: ROLES,
    }),
    field('menu.section', 'choice', {
      ...label('Sección del menú', 'Menu section'),
      ...input,
      hint: {
        es: 'vacía: Proyectos si es de cada proyecto, si no Administración',
        en: 'empty: Projects for each project’s, else Administration',
      },
      choices: [
        { code: 'administration', label: { es: 'Administración', en: 'Administration' } },
        { code: 'projects', label: { es: 'Proyectos', en: 'Projects' } },
        { code: 'devices', label: { es: 'Dispositivos', en: 'Devices' } },
      ],
    }),
    field('menu.icon', 'choice', {
      ...label('Icono del menú', 'Menu icon'),
      ...input,
      required: true,
      choices: CUSTOM_MENU_ICONS.map((code) => ({ code, label: ICON_LABELS[code] })),
    }),
  ],
});

/** A new entity's values: company scope, read by every user, changed by administrators; its menu
 * section follows the scope unless chosen. */
export const NEW_ENTITY = {
  scope: 'company',
  permissions: { read: 'user', write: 'admin' },
  menu: { icon: 'tables', order: 100 },
  fields: [],
};

type Values = Record<string, unknown>;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The dialog's values as a field's body: only the inputs of its type, a help text only when
 * written, empty inputs left out (the server's defaults then).
 */
export function customFieldBody(values: Values): Partial<CustomField> & Values {
  const type = values.type as CustomFieldType;
  const keys = new Set(customFieldInputs(type).map((source) => source.split('.')[0]));
  const body: Values = {};
  for (const key of keys) if (!blank(values[key])) body[key] = values[key];
  const help = values.help as { es?: string; en?: string } | undefined;
  body.help = help?.es?.trim() || help?.en?.trim() ? help : null;
  if (type === 'choice') {
    body.choices = ((values.choices as Values[] | undefined) ?? []).map((choice) => ({
      code: String(choice.code ?? '').trim(),
      label: choice.label,
    }));
  }
  return body as Partial<CustomField> & Values;
}
