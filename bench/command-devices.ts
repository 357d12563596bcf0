/**
 * The devices of `npm run bench -- commands` and `-- nodes`, in their own process so the
 * server's memory is measured alone: lightweight WebSocket clients (no simulated life) that
 * answer every command at once (the result alone, which stands for the ack), and (with BENCH_UPDATE_VERSION, for `-- updates`)
 * confirm that update as soon as they are told of updates. Devices BENCH_FROM … BENCH_FROM+BENCH_COUNT-1
 * connect to BENCH_URL. Prints `ready <n>` when every socket is welcomed, and then `connected
 * <n>` each time the count of welcomed sockets changes (at most every 200 ms). A socket that ends
 * reconnects as a real device does (docs/device-protocol.md): exponential backoff from 1 s to
 * 30 s with ±50 % jitter.
 */
import WebSocket from 'ws';
import { deviceAuthorization } from '../protocol/device-protocol';

const url = process.env.BENCH_URL!;
const count = Number(process.env.BENCH_COUNT);
const from = Number(process.env.BENCH_FROM ?? 1);
const prefix = process.env.BENCH_PREFIX!;
const CONNECT_AT_ONCE = 200;
const updateVersion = Number(process.env.BENCH_UPDATE_VERSION ?? 0);
/**
 * BENCH_SPREAD: the devices reach the server at 127.0.0.2…127.0.0.17 instead of BENCH_URL's
 * 127.0.0.1 (the server listening on every address). From one address to one, a client has
 * ~28,000 ephemeral ports, and each handshake given up holds one in TIME_WAIT for a minute:
 * 16,667 devices reconnecting at once left the kernel scanning for a free port on every connect
 * (the load generator's CPU, not the server's), and the sockets it did open were given up before
 * their handshake ended. Real devices come from many addresses.
 */
const spread = process.env.BENCH_SPREAD === '1';
const addressOf = (i: number) =>
  spread ? url.replace('//127.0.0.1:', `//127.0.0.${2 + (i % 16)}:`) : url;

export const benchCredential = (i: number) => `bench-credential-${i}-0123456789abcdef`;

let welcomed = 0;
let stopping = false;

/** 1 s doubling to 30 s, each delay between half and one and a half times its step. */
const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random());

/** Opens device i; resolves once it is welcomed, or false when the first attempt fails. */
function open(i: number, attempt = 0): Promise<boolean> {
  const mid = `${prefix}-${i}`;
  const socket = new WebSocket(`${addressOf(i).replace(/^http/, 'ws')}/api/device/v1/socket`, {
    headers: { authorization: deviceAuthorization(mid, benchCredential(i)) },
    perMessageDeflate: false,
    // The server's frames are its own JSON: the load generator spends no CPU checking them.
    skipUTF8Validation: true,
    // A zero masking key (valid on the wire; a browser's must be random, against proxies'
    // cache poisoning, which no device here is exposed to): no key drawn, no bytes masked.
    generateMask: (mask) => mask.fill(0),
    // As the simulator's client (simulator/client.ts): a handshake that never ends is given up
    // and retried.
    handshakeTimeout: 15_000,
  });
  return new Promise((resolve) => {
    let live = false;
    socket.on('error', () => {});
    socket.on('close', () => {
      if (live) welcomed--;
      resolve(false);
      if (stopping) return;
      const next = live ? 0 : attempt + 1;
      setTimeout(() => void open(i, next), backoff(next));
    });
    socket.on('message', (data) => {
      // These devices keep no results to send again (a bare load generator).
      const message = JSON.parse(data.toString()) as { type: string; id?: string };
      if (message.type === 'welcome') {
        live = true;
        welcomed++;
        resolve(true);
      } else if (message.type === 'command') {
        // The result alone: a device that runs the command at once needs no ack before it
        // (docs/device-protocol.md; the result fills CONFIRMED too).
        socket.send(JSON.stringify({ type: 'result', id: message.id, ok: true, msg: 'ok' }));
      } else if (message.type === 'updates' && updateVersion > 0) {
        socket.send(JSON.stringify({ type: 'updateConfirm', version: updateVersion, ok: true }));
      }
    });
  });
}

if (process.env.BENCH_URL) {
  for (let start = from; start < from + count; start += CONNECT_AT_ONCE) {
    const batch = [];
    for (let i = start; i < Math.min(start + CONNECT_AT_ONCE, from + count); i++)
      batch.push(open(i));
    await Promise.all(batch);
  }
  // Devices whose first attempt failed are retrying; `ready` waits for all of them.
  while (welcomed < count) await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`ready ${welcomed}`);
  let told = welcomed;
  setInterval(() => {
    if (welcomed !== told) console.log(`connected ${(told = welcomed)}`);
  }, 200);
  process.on('SIGTERM', () => {
    stopping = true;
    process.exit(0);
  });
}
