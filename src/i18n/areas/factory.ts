/**
 * Texts of the screens the factory makes from a declared resource (src/resources/factory):
 * empty state, forms, delete confirmations, bulk actions, the filter row's toggle and the row
 * menu; merged into es.ts and en.ts.
 */
export const factoryMessages = {
  es: {
    factory: {
      empty: 'Todavía no hay nada en %{resource}.',
      form: { create_title: 'Alta de %{resource}' },
      delete: {
        title_one: 'Borrar %{resource}',
        title_many: 'Borrar %{resource}',
        content_one: '¿Quiere borrar «%{name}»? No se puede deshacer.',
        content_many: '¿Quiere borrar %{smart_count} %{resource}? No se puede deshacer.',
        done: 'Registro borrado |||| %{smart_count} registros borrados',
        kept: '«%{names}» no se puede borrar: se queda. |||| %{smart_count} no se pueden borrar y se quedan: %{names}.',
      },
      bulk: { done: 'Hecho en un registro |||| Hecho en %{smart_count} registros' },
      filter_row: { toggle: 'Filtro por columna' },
      row_menu: { label: 'Acciones de «%{name}»' },
      history: {
        title: 'Historial',
        empty: 'Sin cambios guardados todavía.',
        entry: '%{date} · %{login} · %{channel}',
        more: '%{shown} de %{total} cambios; la lista completa está en Historial de cambios.',
        revert: 'Revertir',
        revert_label: 'Revertir el cambio del %{date}',
        reverted: 'Cambio revertido: los valores anteriores se han guardado como un cambio nuevo.',
      },
    },
  },
  en: {
    factory: {
      empty: 'Nothing in %{resource} yet.',
      form: { create_title: 'New %{resource}' },
      delete: {
        title_one: 'Delete %{resource}',
        title_many: 'Delete %{resource}',
        content_one: 'Do you want to delete “%{name}”? This cannot be undone.',
        content_many: 'Do you want to delete %{smart_count} %{resource}? This cannot be undone.',
        done: 'Record deleted |||| %{smart_count} records deleted',
        kept: '“%{names}” cannot be deleted: it stays. |||| %{smart_count} cannot be deleted and stay: %{names}.',
      },
      bulk: { done: 'Done on one record |||| Done on %{smart_count} records' },
      filter_row: { toggle: 'Filter by column' },
      row_menu: { label: 'Actions on “%{name}”' },
      history: {
        title: 'History',
        empty: 'No changes saved yet.',
        entry: '%{date} · %{login} · %{channel}',
        more: '%{shown} of %{total} changes; the whole list is in Change history.',
        revert: 'Revert',
        revert_label: 'Revert the change of %{date}',
        reverted: 'Change reverted: the previous values were saved as a new change.',
      },
    },
  },
};
