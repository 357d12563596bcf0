import { labelOf } from './resource-definition';
import { ADDED_FLAGS, FIELD_FLAGS, type OverrideTarget } from './resource-override';
import type { FieldSchema } from './resource-schema';

type Language = 'es' | 'en';
type JsonSchema = Record<string, unknown>;

const TEXTS = {
  es: {
    hide: 'Campos que no se muestran en ningún sitio (lista, filtros, exportaciones, formulario).',
    order: 'Campos que van primero, en este orden; los demás siguen en el suyo.',
    fields: 'Cambios de un campo: etiqueta y qué se hace con él.',
    add: 'Columnas del proyecto que se añaden a la lista (solo lectura).',
    label: 'La etiqueta en español (es) y en inglés (en).',
    list: 'Se muestra como columna.',
    filter: 'Se ofrece en los filtros.',
    sort: 'Se puede ordenar por él.',
    export: 'Lo escriben las exportaciones.',
    edit: 'Se muestra en el formulario.',
    required: 'Es obligatorio en el formulario.',
    readOnly: 'Se muestra en el formulario sin poder cambiarse.',
    maxLength: 'Longitud máxima del texto.',
    source: 'COLUMNA de la tabla de la lista, o tabla.COLUMNA de otra tabla del proyecto.',
  },
  en: {
    hide: 'Fields shown nowhere (list, filters, exports, form).',
    order: 'Fields that go first, in this order; the others follow in theirs.',
    fields: 'Changes to a field: its label and what is done with it.',
    add: 'Project columns added to the list (read-only).',
    label: 'The label in Spanish (es) and English (en).',
    list: 'Shown as a column.',
    filter: 'Offered in the filters.',
    sort: 'The list may be sorted by it.',
    export: 'Written by the exports.',
    edit: 'Shown in the form.',
    required: 'Required in the form.',
    readOnly: 'Shown in the form, not changeable.',
    maxLength: 'Longest text accepted.',
    source: "A COLUMN of the list's table, or table.COLUMN of another project table.",
  },
} satisfies Record<Language, Record<string, string>>;

const labelSchema = (texts: (typeof TEXTS)[Language]): JsonSchema => ({
  type: ['object', 'null'],
  description: texts.label,
  properties: {
    es: { type: 'string', minLength: 1, maxLength: 100 },
    en: { type: 'string', minLength: 1, maxLength: 100 },
  },
  required: ['es', 'en'],
  additionalProperties: false,
});

const flags = (names: readonly string[], texts: (typeof TEXTS)[Language]) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      { type: 'boolean', description: texts[name as keyof typeof texts] },
    ]),
  );

/**
 * The JSON Schema of an override of one resource, for the console's editor: completion offers
 * the resource's own field names with their labels, and validation marks what the server would
 * refuse (the server checks again; this is the editor's help, not the rule).
 *
 * @example overrideJsonSchema(overrideTarget('devicelist')!, 'es', label).properties.hide
 */
export function overrideJsonSchema(
  target: OverrideTarget,
  language: Language,
  labelFor: (field: FieldSchema) => string = (field) => labelOf(field, language),
): JsonSchema {
  const texts = TEXTS[language];
  const names = target.fields.map((field) => field.source);
  const fieldName: JsonSchema = {
    enum: names,
    markdownEnumDescriptions: target.fields.map(labelFor),
  };
  // Columns added on the device list may be named too: any name, its own fields suggested.
  const anyName = target.table ? { anyOf: [fieldName, { type: 'string' }] } : fieldName;
  const maxLength = { type: ['integer', 'null'], minimum: 1, description: texts.maxLength };
  const change: JsonSchema = {
    type: 'object',
    properties: { label: labelSchema(texts), ...flags(FIELD_FLAGS, texts), maxLength },
    additionalProperties: false,
  };
  const added: JsonSchema = {
    type: 'object',
    properties: {
      source: {
        type: 'string',
        pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?$',
        description: texts.source,
      },
      label: { ...labelSchema(texts), type: 'object' },
      ...flags(ADDED_FLAGS, texts),
      maxLength,
    },
    required: ['source', 'label'],
    additionalProperties: false,
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      hide: { type: 'array', description: texts.hide, items: anyName, uniqueItems: true },
      order: { type: 'array', description: texts.order, items: anyName, uniqueItems: true },
      fields: {
        type: 'object',
        description: texts.fields,
        properties: Object.fromEntries(
          target.fields.map((field) => [field.source, { ...change, description: labelFor(field) }]),
        ),
        additionalProperties: target.table ? change : false,
      },
      add: target.table
        ? { type: 'array', description: texts.add, items: added }
        : { type: 'array', maxItems: 0, description: texts.add },
    },
    additionalProperties: false,
  };
}
