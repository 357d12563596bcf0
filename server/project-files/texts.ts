import { areaTexts } from '../services/area-texts';

/** The refusals of the project file browser (/app/setting, tab fileBrowser), in both languages. */
export const { refusal: projectFilesRefusal, text: projectFilesText } = areaTexts({
  es: {
    badPath:
      'La ruta «{path}» no es válida: use nombres de letras, cifras, punto, guion y guion bajo (sin empezar por punto), separados por /, a lo sumo {depth} carpetas.',
    notFound: 'No existe «{path}» en los archivos del proyecto.',
    tooLarge: 'El archivo pasa de {mb} MB.',
    tooMany: 'El proyecto ya tiene {max} archivos: borre alguno antes de subir más.',
    noFile: 'Falta el archivo que subir.',
    notMultipart:
      'Envíe el archivo como formulario multipart: primero los campos database y folder, luego un solo archivo.',
    useRoute: 'Para descargar el archivo, use POST /api/projects/files/download.',
    isFolder: '«{path}» es una carpeta: no se puede descargar.',
  },
  en: {
    badPath:
      'The path «{path}» is not valid: use names of letters, digits, dot, hyphen and underscore (not starting with a dot), separated by /, at most {depth} folders deep.',
    notFound: '«{path}» does not exist in the project files.',
    tooLarge: 'The file is larger than {mb} MB.',
    tooMany: 'The project already holds {max} files: delete some before uploading more.',
    noFile: 'The file to upload is missing.',
    notMultipart:
      'Send the file as a multipart form: first the fields database and folder, then one file.',
    useRoute: 'To download the file, use POST /api/projects/files/download.',
    isFolder: '«{path}» is a folder: it cannot be downloaded.',
  },
});
