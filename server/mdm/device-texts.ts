import { areaTexts } from '../services/area-texts';

/** The managed devices' and enrolment tokens' refusals (server/mdm/, their hooks). */
export const mdmDeviceTexts = areaTexts({
  es: {
    policyPlatform:
      'La política «{policy}» es de {platform}, no de {expected}: elija una política de la plataforma del dispositivo.',
    projectNotCompany: 'El proyecto {project} no es de su empresa.',
    notPending: 'Solo se aprueban o rechazan dispositivos pendientes: {mids} no lo están.',
    unknownDevices: 'No hay dispositivos MDM con estos MID en su empresa: {mids}.',
    notActive:
      'El dispositivo {mid} no está gestionado (pendiente o rechazado): apruébelo antes de enviarle órdenes.',
    wipeConfirm: 'Para borrar el dispositivo escriba su MID ({mid}) exactamente.',
    noDevice: 'El dispositivo MDM {id} no existe.',
    noToken: 'El token de inscripción {id} no existe.',
  },
  en: {
    policyPlatform:
      'Policy "{policy}" is for {platform}, not {expected}: choose a policy of the device\'s platform.',
    projectNotCompany: 'Project {project} is not one of your company.',
    notPending: 'Only pending devices are approved or refused: {mids} are not.',
    unknownDevices: 'There are no MDM devices with these MIDs in your company: {mids}.',
    notActive:
      'Device {mid} is not managed (pending or refused): approve it before sending it commands.',
    wipeConfirm: 'To wipe the device type its MID ({mid}) exactly.',
    noDevice: 'MDM device {id} does not exist.',
    noToken: 'Enrolment token {id} does not exist.',
  },
});
