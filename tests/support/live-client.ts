import WebSocket from 'ws';
import { LIVE_PATH, LIVE_SUBPROTOCOL } from '../../protocol/live';

type Message = Record<string, any>;

/** A signalling client for tests: a viewer (bearer token) or a device (device credential). */
export class LiveClient {
  readonly received: Message[] = [];
  private readonly waiters: { check: (m: Message) => boolean; resolve: (m: Message) => void }[] =
    [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Message;
      this.received.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.check(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }

  /** Opens the socket; rejects with `{status, body}` when the upgrade is refused. */
  static open(
    server: string,
    authorization: string | null,
    options: { language?: string; protocols?: string[] } = {},
  ): Promise<LiveClient> {
    const url = `${server.replace(/^http/, 'ws')}${LIVE_PATH}`;
    const socket = new WebSocket(url, options.protocols ?? [LIVE_SUBPROTOCOL], {
      headers: {
        ...(authorization ? { authorization } : {}),
        'accept-language': options.language ?? 'es',
      },
    });
    return new Promise((resolve, reject) => {
      const client = new LiveClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject({ status: response.statusCode, body: JSON.parse(body) }));
      });
      socket.once('error', reject);
    });
  }

  send(message: Message): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message (already received or coming) that passes `check`. */
  next(check: (message: Message) => boolean, ms = 5000): Promise<Message> {
    const seen = this.received.find(check);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { check, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const at = this.waiters.indexOf(waiter);
        if (at < 0) return;
        this.waiters.splice(at, 1);
        reject(new Error(`no such message in ${ms} ms; got ${JSON.stringify(this.received)}`));
      }, ms);
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
