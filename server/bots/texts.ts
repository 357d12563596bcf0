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
    noReports:
      'No puede {what} en el proyecto {project}: hace falta permiso para ver sus informes.',
    webhookMissing: 'La acción «Llamar a un webhook» necesita una URL http o https.',
    pushMissing: 'La acción «Enviar un push» necesita el mensaje.',
    reportMissing: 'La acción «Enviar un informe por correo» necesita el informe.',
    webhookPrivate:
      'El webhook lleva a una dirección privada ({address}): este servidor no las llama (BOTS_WEBHOOK_PRIVATE).',
    webhookTimeout: 'El webhook {url} no respondió en {error}.',
    webhookError: 'No se pudo llamar al webhook {url}: {error}',
    webhookStatus: 'El webhook {url} respondió HTTP {status} sobre {count} dispositivos.',
    ranWebhook: 'Webhook {url} llamado sobre {count} dispositivos: HTTP {status}.',
    ranPush: 'Push enviado a {count} dispositivos ({sent} conectados, {offline} desconectados).',
    reportGone: 'El informe {id} no existe en el proyecto {project} o no es visible.',
    reportMacros:
      'El informe «{report}» pide macros sin valor por defecto ({keys}): un bot lo ejecuta con los valores por defecto, déselos en el informe.',
    reportSubject: 'Flota: informe «{report}» del bot «{bot}»',
    reportBody:
      'El bot «{bot}» del proyecto {project} se ha disparado ({trigger}) en {count} dispositivos. Se adjunta el informe «{report}» ({rows} filas).\n\n{mids}\n',
    ranReport: 'Informe «{report}» ({rows} filas) enviado a {to} sobre {count} dispositivos.',
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
    noReports: 'You cannot {what} in project {project}: it needs the right to see its reports.',
    webhookMissing: 'The action "Call a webhook" needs an http or https URL.',
    pushMissing: 'The action "Send a push" needs the message.',
    reportMissing: 'The action "Mail a report" needs the report.',
    webhookPrivate:
      'The webhook leads to a private address ({address}): this server does not call them (BOTS_WEBHOOK_PRIVATE).',
    webhookTimeout: 'The webhook {url} did not answer within {error}.',
    webhookError: 'The webhook {url} could not be called: {error}',
    webhookStatus: 'The webhook {url} answered HTTP {status} about {count} devices.',
    ranWebhook: 'Webhook {url} called about {count} devices: HTTP {status}.',
    ranPush: 'Push sent to {count} devices ({sent} connected, {offline} offline).',
    reportGone: 'Report {id} does not exist in project {project} or is not visible.',
    reportMacros:
      'Report "{report}" asks for macros without a default ({keys}): a bot runs it with the defaults, give them in the report.',
    reportSubject: 'Flota: report "{report}" of bot "{bot}"',
    reportBody:
      'Bot "{bot}" of project {project} fired ({trigger}) on {count} devices. The report "{report}" ({rows} rows) is attached.\n\n{mids}\n',
    ranReport: 'Report "{report}" ({rows} rows) mailed to {to} about {count} devices.',
  },
});

/** The verbs of `noRight`, in both languages. */
export const BOT_MODE_WORDS = {
  es: { show: 'ver', write: 'cambiar', what: 'programar este bot' },
  en: { show: 'see', write: 'change', what: 'set up this bot' },
} as const;
