import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerClientError } from '../../server/body-timeout';
import { buildTestApp, type TestApp } from '../support/app';

// Every request body is bounded in time (server/body-timeout.ts); the help-desk upload's own
// abort paths are in upload-abuse.test.ts.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ BODY_IDLE_SECONDS: '1' });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => t.close());

/** Sends `text` on a raw connection and reads until the server closes it (at most 8 s). */
function raw(text: string): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = () => resolve({ answer, ms: Date.now() - started });
    socket.on('data', (data) => (answer += data.toString('utf8')));
    socket.on('close', done);
    socket.on('error', () => {});
    setTimeout(() => socket.destroy(), 8000);
    socket.write(text);
  });
}

it('answers 408 with the envelope to a JSON body that stops arriving, and closes', async () => {
  const head = [
    'POST /api/services HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    'Accept-Language: en',
    'Content-Length: 500',
    '',
    '{"operation": "sess',
  ].join('\r\n');
  const { answer, ms } = await raw(head);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer).toMatch(/connection: close/i);
  expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({
    error: {
      code: '-1',
      description: 'The request body stopped arriving: nothing was received for 1 s.',
    },
    result: null,
  });
  expect(ms).toBeLessThan(5000);
});

it('leaves a complete request on a kept-alive connection alone after its body', async () => {
  const body = JSON.stringify({ operation: 'session', parameter: {} });
  const request = [
    'POST /api/services HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    '',
    body,
  ].join('\r\n');
  const { answer, ms } = await raw(request);
  // Answered (401: no token), and the connection stayed open until the test closed it, well
  // past the idle time of a body.
  expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  expect(ms).toBeGreaterThan(2000);
});

it('answers what Node refuses to read with the envelope', () => {
  const written: string[] = [];
  const socket = new PassThrough();
  socket.on('data', (chunk) => written.push(chunk.toString()));
  answerClientError({ code: 'ERR_HTTP_REQUEST_TIMEOUT' }, socket);
  const [head, body] = written.join('').split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  expect(JSON.parse(body)).toEqual({
    error: { code: '-1', description: 'La petición tardó demasiado en llegar.' },
    result: null,
  });
});
