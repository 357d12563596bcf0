/**
 * Texts of the "Recursos" screen (src/custom/resources): customising a resource's fields live
 * (docs/resources.md, "Changing a resource live"); merged into es.ts and en.ts.
 */
export const customiseMessages = {
  es: {
    customise: {
      title: 'Recursos',
      intro:
        'Oculte, ordene y cambie la etiqueta de los campos de una lista. Los cambios se aplican en todos los servidores al guardar, sin reiniciar, y cada versión queda en el historial.',
      resource: 'Recurso',
      scope: 'Se aplica a',
      scopes: {
        default: 'Todas las empresas',
        company: 'Mi empresa',
        project: 'Este proyecto (%{project})',
      },
      editor: 'Personalización en JSON',
      version: 'Versión %{version} en vigor',
      no_version: 'Sin personalización en este ámbito',
      save: 'Guardar',
      saved: 'Guardada la versión %{version}. Ya se aplica.',
      discard: 'Descartar cambios',
      remove: 'Quitar personalización',
      removed: 'Personalización quitada (versión %{version}).',
      invalid_json: 'El texto no es JSON válido: %{error}',
      preview: 'Vista previa de la lista',
      preview_hint: 'Así se verán las columnas con el texto del editor.',
      preview_empty: 'La lista no tiene registros que mostrar.',
      hidden: 'Ocultos:',
      history: 'Historial',
      history_empty: 'Todavía no se ha guardado ninguna versión.',
      history_saved: 'Versión %{version} · %{login} · %{date}',
      history_removed: 'Quitada',
      history_restored: 'Restaurada de la versión %{version}',
      restore: 'Restaurar',
      restore_title: 'Restaurar la versión %{version}',
      restore_content:
        'Se guardará como una versión nueva con el contenido de la versión %{version}. ¿Continuar?',
      restored: 'Restaurada como versión %{version}.',
      more: 'Ver más',
    },
  },
  en: {
    customise: {
      title: 'Resources',
      intro:
        "Hide, order and relabel a list's fields. Changes apply on every server as soon as they are saved, without a restart, and every version stays in the history.",
      resource: 'Resource',
      scope: 'Applies to',
      scopes: {
        default: 'Every company',
        company: 'My company',
        project: 'This project (%{project})',
      },
      editor: 'Customisation as JSON',
      version: 'Version %{version} in force',
      no_version: 'No customisation in this scope',
      save: 'Save',
      saved: 'Version %{version} saved. It applies now.',
      discard: 'Discard changes',
      remove: 'Remove customisation',
      removed: 'Customisation removed (version %{version}).',
      invalid_json: 'The text is not valid JSON: %{error}',
      preview: 'List preview',
      preview_hint: "How the columns will look with the editor's text.",
      preview_empty: 'The list has no records to show.',
      hidden: 'Hidden:',
      history: 'History',
      history_empty: 'No version has been saved yet.',
      history_saved: 'Version %{version} · %{login} · %{date}',
      history_removed: 'Removed',
      history_restored: 'Restored from version %{version}',
      restore: 'Restore',
      restore_title: 'Restore version %{version}',
      restore_content:
        'It will be saved as a new version with the content of version %{version}. Continue?',
      restored: 'Restored as version %{version}.',
      more: 'Show more',
    },
  },
};
