import net from 'node:net';

/**
 * A kept-alive HTTP/1.1 connection that posts one request after another and reads each answer
 * with the least parsing that can tell an acknowledgement (200 with code '0'): the load
 * generators share the machine's two cores with the server and PostgreSQL, and node:http (fetch
 * even more) cost them about as much CPU per call as the server spends answering it.
 */
export class RawHttpConnection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(): void; reject(error: Error): void } | null = null;

  constructor(private readonly url: URL) {
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** POSTs a JSON `body` to `path`; resolves on an acknowledgement, rejects otherwise. */
  post(path: string, authorization: string, body: string): Promise<void> {
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Authorization: ${authorization}\r\n\r\n`;
    return new Promise<void>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) return this.fail(new Error(`no content-length: ${head}`));
    if (this.buffer.length < end + 4 + length) return;
    const text = this.buffer.toString('utf8', end + 4, end + 4 + length);
    this.buffer = this.buffer.subarray(end + 4 + length);
    const waiting = this.waiting;
    this.waiting = null;
    if (head.startsWith('HTTP/1.1 200') && text.includes('"code":"0"')) waiting?.resolve();
    else waiting?.reject(new Error(`${head.split('\r\n')[0]} ${text}`));
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
