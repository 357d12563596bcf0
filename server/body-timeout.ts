import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorResponse } from '../protocol/envelope';
import type { Config } from './config';
import { languageOf, message } from './messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Stops watching the body: it has been read (server/body-timeout.ts). */
    bodyRead(): void;
  }
}

const hasBody = (raw: IncomingMessage) =>
  Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;

/**
 * Every request body is bounded in time: one whose bytes stop arriving for BODY_IDLE_SECONDS is
 * answered 408 and its connection closed, so whatever reads it (a JSON parser, a file being
 * stored) fails and lets go of its descriptor and temporary file. The whole request is bounded
 * too (REQUEST_TIMEOUT_SECONDS, Node's requestTimeout). The watch is the socket's inactivity
 * timeout, which Node reports on a request still incomplete; it stops once the body is read: at
 * preHandler for parsed bodies, and where a handler that streams its body (multipart) says so.
 */
export function registerBodyTimeout(app: FastifyInstance, config: Config): void {
  const seconds = config.BODY_IDLE_SECONDS;
  app.decorateRequest('bodyRead', function (this: FastifyRequest) {});
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // app.inject's requests have no real socket, and nothing to stall.
    if (!hasBody(raw) || typeof raw.socket?.setTimeout !== 'function') return;
    const onStall = () => {
      request.log.warn({ url: request.url, seconds }, 'request body stalled');
      const language = languageOf(request.headers['accept-language']);
      const text = message(language, 'bodyStalled', { seconds });
      answerAndClose(reply, 408, errorResponse(ErrorCode.invalid, text));
    };
    raw.on('timeout', onStall);
    raw.socket.setTimeout(seconds * 1000);
    let watching = true;
    request.bodyRead = () => {
      if (!watching) return;
      watching = false;
      raw.removeListener('timeout', onStall);
      raw.socket.setTimeout(0);
    };
  });
  app.addHook('preHandler', async (request) => {
    // A multipart body is streamed by its handler, which says when it has read it.
    if (!request.headers['content-type']?.startsWith('multipart/')) request.bodyRead();
  });
  app.addHook('onResponse', async (request) => {
    request.bodyRead();
  });
}

/**
 * Answers a request whose body will not be read any further, then closes its connection, so
 * whatever still waits on the body fails and lets go (a stalled body, a server stopping).
 */
export function answerAndClose(reply: FastifyReply, status: number, payload: unknown): void {
  const raw = reply.request.raw;
  const end = () => raw.destroy();
  if (reply.sent) {
    if (reply.raw.writableFinished) end();
    else reply.raw.once('finish', end);
    return;
  }
  reply.raw.once('finish', end);
  // Should the answer never drain (a peer that reads nothing), the connection goes anyway.
  setTimeout(end, 1000).unref();
  void reply.code(status).header('connection', 'close').send(payload);
}

/**
 * Node's own refusals of a request it could not read (the whole request over
 * REQUEST_TIMEOUT_SECONDS, malformed HTTP), answered with the envelope like every other
 * refusal. The headers may not have been read: the default language answers.
 */
export function answerClientError(error: { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const [status, reason] = timeout ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const text = message('es', timeout ? 'requestTimeout' : 'badRequest');
  const body = JSON.stringify(errorResponse(ErrorCode.invalid, text));
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
