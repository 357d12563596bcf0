/** Texts of the project file browser (/app/setting, tab fileBrowser); merged into es.ts and en.ts. */
export const projectFilesMessages = {
  es: {
    projectFiles: {
      intro:
        'Archivos del proyecto en el servidor: manuales, plantillas, datos para los dispositivos. Borrar una carpeta borra todo lo que contiene.',
      path: 'Carpeta actual',
      root: 'Carpeta raíz',
      parent: 'Carpeta superior',
      upload: 'Subir archivo',
      uploading: 'Subiendo %{name}…',
      uploaded: 'Archivo subido: %{name}',
      new_folder: 'Nueva carpeta',
      folder_name: 'Nombre de la carpeta',
      folder_hint:
        'Letras, cifras, punto, guion y guion bajo. La carpeta se guarda en cuanto se sube en ella un archivo.',
      bad_name: 'Use solo letras, cifras, punto, guion y guion bajo, sin empezar por punto.',
      open_folder: 'Abrir',
      cancel: 'Cancelar',
      open: 'Abrir %{name}',
      download: 'Descargar %{name}',
      delete: 'Borrar %{name}',
      read_only: 'Solo lectura: su acceso al proyecto no le permite subir ni borrar archivos.',
    },
  },
  en: {
    projectFiles: {
      intro:
        "The project's files on the server: manuals, templates, data for the devices. Deleting a folder deletes everything in it.",
      path: 'Current folder',
      root: 'Root folder',
      parent: 'Parent folder',
      upload: 'Upload file',
      uploading: 'Uploading %{name}…',
      uploaded: 'File uploaded: %{name}',
      new_folder: 'New folder',
      folder_name: 'Folder name',
      folder_hint:
        'Letters, digits, dot, hyphen and underscore. The folder is kept as soon as a file is uploaded into it.',
      bad_name: 'Use only letters, digits, dot, hyphen and underscore, not starting with a dot.',
      open_folder: 'Open',
      cancel: 'Cancel',
      open: 'Open %{name}',
      download: 'Download %{name}',
      delete: 'Delete %{name}',
      read_only:
        'Read-only: your access to the project does not allow uploading or deleting files.',
    },
  },
};
