import type { ServerMessage } from '../../protocol/device-protocol';

/** A message that differs from device to device only by its `id` (a command, a push). */
export type SharedMessage =
  | Omit<Extract<ServerMessage, { type: 'command' }>, 'id'>
  | Omit<Extract<ServerMessage, { type: 'push' }>, 'id'>;

/**
 * The JSON text of `message` for each id, serialised once: a command to 5,000 devices costs one
 * JSON.stringify of its parameters and 5,000 string joins. The `id` comes first in the object.
 */
export function messageTexts(message: object): (id: string) => string {
  const rest = JSON.stringify(message).slice(1);
  const tail = rest === '}' ? rest : `,${rest}`;
  return (id) => `{"id":${JSON.stringify(id)}${tail}`;
}
