import { areaTexts } from '../services/area-texts';

/**
 * The simple kiosk's texts (002 §8 Simple kiosk), in both languages: the answers of
 * `POST /api/kiosk/Actions` and `POST /api/UploadFile`, and the refusals of its rules.
 */
export const { refusal: kioskRefusal, text: kioskText } = areaTexts({
  es: {
    updated: 'Actualizado correctamente',
    updateError: 'Error al actualizar: {reason}',
    deleteError: 'Error al eliminar la aplicación. {reason}',
    uploadError: 'Error al subir app: {reason}',
    badActions:
      'Envíe {"operation": "kiosk", "parameter": {"oper", "filter", "data"}} a POST /api/kiosk/Actions.',
    unknownOper: 'La operación «{oper}» no existe en el kiosco (operaciones: {list}).',
    notApk:
      'El archivo no es un APK de Android: no se pudo leer su AndroidManifest.xml ({detail}).',
    noPackage: 'El APK no declara su paquete en el AndroidManifest.xml.',
    tooLarge: 'El APK pasa de {mb} MB.',
    noFile: 'Falta el archivo APK que subir.',
    notMultipart:
      'Envíe el APK como formulario multipart: primero el campo kiosk (o kioskpremium), luego un solo archivo.',
    noFlag: 'Falta el campo kiosk (kiosco simple) o kioskpremium (kiosco premium) del formulario.',
    apkMissing:
      'No hay ningún APK subido con la suma {checksum}: súbalo de nuevo con POST /api/UploadFile.',
    badWifi:
      'La wifi {n} está incompleta: escriba su SSID, su contraseña y su seguridad (WEP, WPA o NONE).',
    duplicateWifi: 'La wifi «{ssid}» ya está en la lista.',
    tooManyWifis: 'El kiosco admite a lo sumo {max} redes wifi.',
    notInList:
      'La aplicación al arrancar «{package}» no está en la lista de aplicaciones del kiosco.',
    oneConfig: 'La empresa ya tiene su configuración del kiosco: edítela.',
    badLink: 'El enlace de descarga no es válido o ha caducado: pida otro.',
  },
  en: {
    updated: 'Updated successfully',
    updateError: 'Update failed: {reason}',
    deleteError: 'Could not delete the app. {reason}',
    uploadError: 'App upload failed: {reason}',
    badActions:
      'Send {"operation": "kiosk", "parameter": {"oper", "filter", "data"}} to POST /api/kiosk/Actions.',
    unknownOper: 'The kiosk has no operation «{oper}» (operations: {list}).',
    notApk: 'The file is not an Android APK: its AndroidManifest.xml could not be read ({detail}).',
    noPackage: 'The APK does not declare its package in its AndroidManifest.xml.',
    tooLarge: 'The APK is larger than {mb} MB.',
    noFile: 'The APK file to upload is missing.',
    notMultipart:
      'Send the APK as a multipart form: first the field kiosk (or kioskpremium), then one file.',
    noFlag: 'The form lacks the field kiosk (simple kiosk) or kioskpremium (premium kiosk).',
    apkMissing:
      'No APK was uploaded with the checksum {checksum}: upload it again with POST /api/UploadFile.',
    badWifi:
      'Wifi {n} is incomplete: type its SSID, its password and its security (WEP, WPA or NONE).',
    duplicateWifi: 'The wifi «{ssid}» is already listed.',
    tooManyWifis: 'The kiosk takes at most {max} wifi networks.',
    notInList: 'The launch-on-boot app «{package}» is not in the kiosk app list.',
    oneConfig: 'The company already has its kiosk configuration: edit it.',
    badLink: 'The download link is not valid or has expired: ask for another.',
  },
});
