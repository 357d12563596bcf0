import { CommandIssue } from '../../protocol/commands';

/** Texts of the remote-command operations, in the server's two languages. */
const texts = {
  es: {
    unknownCommand: 'Comando desconocido: {cmd}. Comandos admitidos: {list}.',
    badParams: 'Parámetros no válidos para el comando {cmd}: {detail}',
    [CommandIssue.passwordShort]: 'La contraseña debe tener al menos 4 dígitos.',
    [CommandIssue.passwordDigits]: 'La contraseña solo puede ser numérica.',
    [CommandIssue.packageMissing]: 'Indique packageName o packageNameArray.',
    unknownDevices:
      'No existen en el proyecto «{project}» los dispositivos con MID {mids}; no se ha enviado nada.',
    unknownDevice: 'No existe en el proyecto «{project}» el dispositivo con MID {mid}.',
    timeout: 'El dispositivo no respondió en {seconds} s.',
    noDeviceApi: 'El canal de dispositivos no está disponible en este servidor.',
    badMdm: 'La petición debe ser {operation: "mdm", parameter: {oper, data}}.',
    unknownOper: 'Operación MDM desconocida: {oper}. Admitidas: {list}.',
    failed: 'El dispositivo no pudo ejecutar el comando.',
    busDown:
      'El enlace entre los nodos del servidor (Redis) no responde y {elsewhere} de los dispositivos están conectados a otro nodo: no se ha enviado nada. Inténtelo de nuevo en unos minutos.',
    busLost:
      'No se entregó: el enlace entre los nodos del servidor (Redis) dejó de responder al enviarlo.',
    pushLost: 'No se entregó: el nodo del servidor que lo enviaba se detuvo antes de hacerlo.',
    notPending:
      'La orden ya no está en cola (se entregó al dispositivo, caducó o se canceló antes): no se ha cancelado nada.',
  },
  en: {
    unknownCommand: 'Unknown command: {cmd}. Supported commands: {list}.',
    badParams: 'Invalid parameters for command {cmd}: {detail}',
    [CommandIssue.passwordShort]: 'The password must have at least 4 digits.',
    [CommandIssue.passwordDigits]: 'The password may only be numeric.',
    [CommandIssue.packageMissing]: 'Give packageName or packageNameArray.',
    unknownDevices: 'Project “{project}” has no devices with MID {mids}; nothing was sent.',
    unknownDevice: 'Project “{project}” has no device with MID {mid}.',
    timeout: 'The device did not answer within {seconds} s.',
    noDeviceApi: 'The device channel is not available on this server.',
    badMdm: 'The request must be {operation: "mdm", parameter: {oper, data}}.',
    unknownOper: 'Unknown MDM operation: {oper}. Supported: {list}.',
    failed: 'The device could not run the command.',
    busDown:
      'The link between the server nodes (Redis) does not answer and {elsewhere} of the devices are connected to another node: nothing was sent. Try again in a few minutes.',
    busLost: 'Not delivered: the link between the server nodes (Redis) stopped answering.',
    pushLost: 'Not delivered: the server node sending it stopped before it did.',
    notPending:
      'The command is no longer queued (it reached the device, expired or was cancelled before): nothing was cancelled.',
  },
} as const;

export type CommandTextKey = keyof (typeof texts)['es'];
export type TextLanguage = keyof typeof texts;

export function isCommandTextKey(key: string): key is CommandTextKey {
  return key in texts.es;
}

/** A user's language ('en…' → English, anything else Spanish, the default). */
export function languageFor(language: string | null | undefined): TextLanguage {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function commandText(
  language: string | null | undefined,
  key: CommandTextKey,
  vars: Record<string, string | number> = {},
): string {
  return texts[languageFor(language)][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(vars[name] ?? ''),
  );
}
