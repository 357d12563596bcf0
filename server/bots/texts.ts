import { areaTexts } from '../services/area-texts';

/** The bots' refusals and the words of their runs (server/bots/), in the reader's language. */
export const botTexts = areaTexts({
  es: {
    noRight:
      'No puede {what} en el proyecto {project}: hace falta permiso para {mode} sus dispositivos.',
    thresholdMissing: 'El disparador «{trigger}» necesita un umbral (N).',
    batteryOver: 'El umbral de batería es un porcentaje: de 1 a 100.',
    commandMissing: 'La acción «Enviar un comando» necesita el comando.',
    mailMissing: 'La acción «Enviar un correo» necesita a quién enviarlo.',
    ownerGone: 'El usuario que creó el bot ya no existe o no está activo.',
    ranNothing: 'Ningún dispositivo cumple el disparador.',
    ranCommand: 'Comando «{command}» enviado a {count} dispositivos.',
    ranMail: 'Correo enviado a {to} sobre {count} dispositivos.',
    mailSubject: 'Flota: el bot «{bot}» se ha disparado en {count} dispositivos',
    mailBody:
      'El bot «{bot}» del proyecto {project} se ha disparado ({trigger}) en {count} dispositivos:\n\n{mids}\n',
    mailMore: '… y {count} más.',
    botNotFound: 'El bot {id} no existe.',
  },
  en: {
    noRight: 'You cannot {what} in project {project}: it needs the right to {mode} its devices.',
    thresholdMissing: 'The trigger "{trigger}" needs a threshold (N).',
    batteryOver: 'The battery threshold is a percentage: 1 to 100.',
    commandMissing: 'The action "Send a command" needs the command.',
    mailMissing: 'The action "Send a mail" needs whom to send it to.',
    ownerGone: 'The user who created the bot no longer exists or is not active.',
    ranNothing: 'No device meets the trigger.',
    ranCommand: 'Command "{command}" sent to {count} devices.',
    ranMail: 'Mail sent to {to} about {count} devices.',
    mailSubject: 'Flota: bot "{bot}" fired on {count} devices',
    mailBody: 'Bot "{bot}" of project {project} fired ({trigger}) on {count} devices:\n\n{mids}\n',
    mailMore: '… and {count} more.',
    botNotFound: 'Bot {id} does not exist.',
  },
});

/** The verbs of `noRight`, in both languages. */
export const BOT_MODE_WORDS = {
  es: { show: 'ver', write: 'cambiar', what: 'programar este bot' },
  en: { show: 'see', write: 'change', what: 'set up this bot' },
} as const;
