import WebSocket from 'ws';
import { deviceAuthorization, type ServerMessage } from '../../protocol/device-protocol';

export type Answer = Record<string, unknown> | null;

/**
 * A minimal device agent for the command tests: a real WebSocket with the device's credential,
 * that records what it receives and answers each command with `answer(command)` (ack, then the
 * result; null answers nothing at all after the ack). `acks` false: the result alone, as an agent
 * that runs a command at once may answer (docs/device-protocol.md).
 */
export class CommandAgent {
  readonly received: ServerMessage[] = [];
  socket: WebSocket | null = null;
  acks = true;

  constructor(
    readonly mid: string,
    private readonly credential: string,
    public answer: (command: Extract<ServerMessage, { type: 'command' }>) => Answer = () => ({
      ok: true,
    }),
  ) {}

  /** Opens the socket on `server` (http://host:port) and waits for the welcome. */
  connect(server: string): Promise<void> {
    const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/device/v1/socket`, {
      headers: { authorization: deviceAuthorization(this.mid, this.credential) },
    });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        this.received.push(message);
        if (message.type === 'welcome') resolve();
        if (message.type !== 'command') return;
        if (this.acks) socket.send(JSON.stringify({ type: 'ack', id: message.id }));
        const answer = this.answer(message);
        if (answer) socket.send(JSON.stringify({ type: 'result', id: message.id, ...answer }));
      });
    });
  }

  commands() {
    return this.received.filter((message) => message.type === 'command');
  }

  close(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === socket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  }
}

/** Waits until `check` is true, polling every 20 ms, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
