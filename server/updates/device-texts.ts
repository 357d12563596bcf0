import { languageOf, type Language } from '../messages';

/** Texts of the device side of updates (docs/device-protocol.md, "Updates"), es and en. */
const texts = {
  es: {
    noSuchFile:
      'El dispositivo no tiene la actualización {version}, o esta no tiene la entrada {numero}.',
    noBytes:
      'La entrada {numero} de la actualización {version} no es un fichero que descargar ({type}).',
    fileMissing:
      'El fichero {numero} de la actualización {version} no está en el almacén de ficheros del servidor.',
    failedWithoutText: 'La actualización falló en el dispositivo, que no dijo por qué.',
  },
  en: {
    noSuchFile: 'The device does not have update {version}, or it has no entry {numero}.',
    noBytes: 'Entry {numero} of update {version} is not a file to download ({type}).',
    fileMissing: "File {numero} of update {version} is not in the server's file store.",
    failedWithoutText: 'The update failed on the device, which did not say why.',
  },
} as const;

export type DeviceUpdateTextKey = keyof (typeof texts)['es'];

export function deviceUpdateText(
  acceptLanguage: string | undefined | Language,
  key: DeviceUpdateTextKey,
  vars: Record<string, string | number> = {},
): string {
  const language =
    acceptLanguage === 'en' || acceptLanguage === 'es'
      ? acceptLanguage
      : languageOf(acceptLanguage);
  return texts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
