/**
 * Texts of the custom entities' and custom fields' forms (src/custom/customEntities;
 * docs/resources.md, "Custom entities"); merged into the later messages.
 */
export const customEntitiesMessages = {
  es: {
    customEntities: {
      fields: 'Campos',
      add_field: 'Añadir campo',
      new_field: 'Campo nuevo',
      remove_field: 'Quitar %{field}',
      no_fields: 'Una entidad necesita al menos un campo.',
      apply: 'Aplicar',
      choices: 'Opciones',
      choice_code: 'Código',
      choice_es: 'Etiqueta en español',
      choice_en: 'Etiqueta en inglés',
      restore: 'Restaurar',
      restore_named: 'Restaurar %{name}',
      restore_title: '¿Restaurar %{name}?',
      restore_content:
        'La entidad %{name} vuelve con todos sus registros, su menú y su dirección REST.',
      restored: 'Entidad %{name} restaurada.',
    },
  },
  en: {
    customEntities: {
      fields: 'Fields',
      add_field: 'Add field',
      new_field: 'New field',
      remove_field: 'Remove %{field}',
      no_fields: 'An entity needs at least one field.',
      apply: 'Apply',
      choices: 'Choices',
      choice_code: 'Code',
      choice_es: 'Label in Spanish',
      choice_en: 'Label in English',
      restore: 'Restore',
      restore_named: 'Restore %{name}',
      restore_title: 'Restore %{name}?',
      restore_content:
        'Entity %{name} comes back with all its records, its menu and its REST address.',
      restored: 'Entity %{name} restored.',
    },
  },
};
