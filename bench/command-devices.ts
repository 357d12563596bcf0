/**
 * The devices of `npm run bench -- commands`, in their own process so the server's memory is
 * measured alone: lightweight WebSocket clients (no simulated life) that acknowledge and answer
 * every command at once. Prints `ready <n>` when every socket is welcomed.
 */
import WebSocket from 'ws';
import { deviceAuthorization } from '../protocol/device-protocol';

const url = process.env.BENCH_URL!;
const count = Number(process.env.BENCH_COUNT);
const prefix = process.env.BENCH_PREFIX!;
const CONNECT_AT_ONCE = 200;

export const benchCredential = (i: number) => `bench-credential-${i}-0123456789abcdef`;

function open(i: number): Promise<WebSocket> {
  const mid = `${prefix}-${i}`;
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/device/v1/socket`, {
    headers: { authorization: deviceAuthorization(mid, benchCredential(i)) },
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: string };
      if (message.type === 'welcome') resolve(socket);
      else if (message.type === 'command') {
        socket.send(JSON.stringify({ type: 'ack', id: message.id }));
        socket.send(JSON.stringify({ type: 'result', id: message.id, ok: true, msg: 'ok' }));
      }
    });
  });
}

if (process.env.BENCH_URL) {
  const sockets: WebSocket[] = [];
  for (let start = 1; start <= count; start += CONNECT_AT_ONCE) {
    const batch = [];
    for (let i = start; i < Math.min(start + CONNECT_AT_ONCE, count + 1); i++) batch.push(open(i));
    sockets.push(...(await Promise.all(batch)));
  }
  console.log(`ready ${sockets.length}`);
  process.on('SIGTERM', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}
