import type { ServerMessage } from '../protocol/device-protocol';
import type { VirtualDevice } from './device';

type Command = Extract<ServerMessage, { type: 'command' }>;

export interface CommandOutcome {
  ok: boolean;
  result?: unknown;
  msg?: string;
  exceptionMessage?: string;
  latitude?: number;
  longitude?: number;
}

/**
 * How a virtual device answers a command. Protocol v1 carries the envelope; the full command
 * set (lock, wipe, logs…) arrives with the remote operations, and each is answered here.
 */
export function answerCommand(device: VirtualDevice, command: Command): CommandOutcome {
  switch (command.cmd) {
    case 'ping':
      return { ok: true, msg: 'pong' };
    case 'info':
      return { ok: true, result: device.information(true) };
    case 'gps': {
      const position = device.currentPosition();
      if (!position) return { ok: false, msg: 'El dispositivo no tiene GPS.' };
      return { ok: true, latitude: position.latitude, longitude: position.longitude };
    }
    default:
      return { ok: false, msg: `Comando no soportado: ${command.cmd}` };
  }
}
