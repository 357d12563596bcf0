import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { uploadFile, type UploadingDevice } from '../../simulator/uploads';
import { buildTestApp, type TestApp } from '../support/app';

/**
 * Uploads that never finish, over a real socket: a device credential must not be able to hold
 * descriptors, temporary files or the server's shutdown with a body it never completes.
 */

/** A short idle bound, so a stall is answered within a test's time; the margins are generous. */
const IDLE_SECONDS = 2;
const REQUEST_SECONDS = 60;
const BOUNDARY = 'flota-abuse-boundary';

let t: TestApp;
let demo: DemoEnrolmentFile;
let port: number;
let device: UploadingDevice;

interface Exchange {
  /** The status line's code; 0 when the server closed without answering. */
  status: number;
  body: any;
  headers: string;
  elapsedMs: number;
}

/** The answer in what the socket received, once its body is whole; null until then. */
function parseAnswer(received: Buffer): Omit<Exchange, 'elapsedMs'> | null {
  const text = received.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const headers = text.slice(0, split);
  const body = text.slice(split + 4);
  const length = Number(/^content-length: *(\d+)/im.exec(headers)?.[1] ?? NaN);
  if (Buffer.byteLength(body) < length) return null;
  let json: unknown = body;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), headers, body: json };
}

/**
 * One HTTP/1.1 request on its own socket; `answered` settles with the server's answer, or with
 * status 0 when the server closed the socket without one.
 */
function openRequest(head: string) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {
    // A reset after the answer is the server closing a body it will not read.
  });
  const started = Date.now();
  const chunks: Buffer[] = [];
  const answered = new Promise<Exchange>((resolve) => {
    const settle = (answer: Omit<Exchange, 'elapsedMs'>) => {
      resolve({ ...answer, elapsedMs: Date.now() - started });
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) settle(answer);
    });
    socket.on('close', () => {
      settle(parseAnswer(Buffer.concat(chunks)) ?? { status: 0, headers: '', body: null });
    });
  });
  socket.write(head);
  return { socket, answered };
}

function uploadHead(
  contentLength: number,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
  return [
    'POST /api/device/v1/files HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: ${deviceAuthorization(device.mid, device.credential)}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

const KIND_PART = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="kind"',
  '',
  'devicelogs',
  '',
].join('\r\n');
const FILE_HEAD = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="stalled.log"',
  'Content-Type: text/plain',
  '',
  '',
].join('\r\n');
const CLOSING = `\r\n--${BOUNDARY}--\r\n`;

const folderOf = (mid: string) =>
  path.join(t.config.DATA_DIR, 'helpdesk', projectSchemaName(demo.project), mid);

/** The temporary files of unfinished uploads anywhere in the device's folder. */
function temporaries(): string[] {
  const folder = folderOf(device.mid);
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((name) =>
    path.basename(name).startsWith('.upload-'),
  );
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Opens an upload that sends its headers and part of its file, then nothing more. */
async function stalledUpload() {
  const file = 'x'.repeat(64 * 1024);
  const declared = KIND_PART.length + FILE_HEAD.length + 2 * file.length + CLOSING.length;
  const request = openRequest(uploadHead(declared));
  request.socket.write(KIND_PART + FILE_HEAD + file);
  // The file has reached the disk: the abort paths below have something to remove.
  await until(() => temporaries().length > 0);
  return request;
}

/** The server still takes a whole upload from the same device. */
async function stillServes(name: string) {
  const stored = await uploadFile(device, 'devicelogs', name, 'INFO still here\n');
  expect(stored).toMatchObject({ name, kind: 'devicelogs' });
  expect(temporaries()).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp({
    HELPDESK_MAX_UPLOAD_MB: '1',
    BODY_IDLE_SECONDS: String(IDLE_SECONDS),
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
  });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: {
      token: demo.token,
      mid: 'abuse-dev-1',
      platform: 'ANDROID',
      model: 'A54',
      owner: 'Ana',
    },
  });
  expect(enrolled.statusCode).toBe(200);
  device = {
    server: `http://127.0.0.1:${port}`,
    mid: 'abuse-dev-1',
    credential: enrolled.json().result.credential,
  };
});
afterAll(() => t.close());

describe('an upload whose body stops', () => {
  it('is answered 408 when it stalls inside the file, and its partial file is removed', async () => {
    const { answered } = await stalledUpload();
    const answer = await answered;
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({
      error: {
        code: '-1',
        description: `El cuerpo de la petición dejó de llegar: no se recibió nada en ${IDLE_SECONDS} s.`,
      },
      result: null,
    });
    // Answered by the body's idle bound, long before the whole request's.
    expect(answer.elapsedMs).toBeLessThan((IDLE_SECONDS + 10) * 1000);
    await until(() => temporaries().length === 0);
    await stillServes('after-stall.log');
  });

  it('is answered 408 when it stalls before the file part', async () => {
    const { socket, answered } = openRequest(uploadHead(10_000));
    socket.write(KIND_PART);
    const answer = await answered;
    expect(answer.status).toBe(408);
    expect(answer.body.error.code).toBe('-1');
    expect(answer.elapsedMs).toBeLessThan((IDLE_SECONDS + 10) * 1000);
  });

  it('removes the partial file when the device disconnects in the middle of it', async () => {
    const { socket } = await stalledUpload();
    socket.destroy();
    await until(() => temporaries().length === 0);
    await stillServes('after-disconnect.log');
  });

  it('refuses a body that ends inside the file with 400 and keeps nothing', async () => {
    const body = KIND_PART + FILE_HEAD + 'cut short';
    const { socket, answered } = openRequest(uploadHead(body.length));
    socket.write(body);
    const answer = await answered;
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: '-1',
      description:
        'El fichero llegó incompleto: el cuerpo terminó antes del final de su parte. Envíelo de nuevo.',
    });
    expect(fs.existsSync(path.join(folderOf(device.mid), 'devicelogs', 'stalled.log'))).toBe(false);
    expect(temporaries()).toEqual([]);
  });

  it('answers 413 to a file over the limit and removes what it wrote', async () => {
    const file = 'y'.repeat(1024 * 1024 + 4096);
    const body = KIND_PART + FILE_HEAD + file + CLOSING;
    const { socket, answered } = openRequest(uploadHead(body.length));
    socket.write(body);
    const answer = await answered;
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('413');
    expect(temporaries()).toEqual([]);
    await stillServes('after-too-large.log');
  });
});

describe('a multipart body with a bad boundary', () => {
  const body = KIND_PART + FILE_HEAD + 'content' + CLOSING;

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary of 500 characters', `multipart/form-data; boundary=${'b'.repeat(500)}`],
    ['a boundary with characters RFC 2046 does not allow', 'multipart/form-data; boundary=a{b}<c>'],
  ])('refuses %s with 400 and the envelope', async (_case, contentType) => {
    const { socket, answered } = openRequest(uploadHead(body.length, contentType));
    socket.write(body);
    const answer = await answered;
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        code: '-1',
        description:
          'El cuerpo multipart/form-data no tiene un boundary válido (RFC 2046: de 1 a 70 caracteres permitidos).',
      },
      result: null,
    });
    expect(temporaries()).toEqual([]);
  });

  it('answers in English to a device that asks for it', async () => {
    const head = uploadHead(body.length, 'multipart/form-data').replace(
      'Host:',
      'Accept-Language: en\r\nHost:',
    );
    const { socket, answered } = openRequest(head);
    socket.write(body);
    expect((await answered).body.error.description).toBe(
      'The multipart/form-data body has no valid boundary (RFC 2046: 1 to 70 allowed characters).',
    );
  });
});

describe('the server closing', () => {
  it('answers an upload in flight 503, removes its partial file and stops promptly', async () => {
    const { answered } = await stalledUpload();
    const closed = t.app.close();
    const answer = await answered;
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('-1');
    await closed;
    expect(temporaries()).toEqual([]);
  });
});
