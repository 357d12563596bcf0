import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
      if (!reply.sent) {
        void reply
          .code(408)
          .header('connection', 'close')
          .send(errorResponse(ErrorCode.invalid, message(language, 'bodyStalled', { seconds })));
      }
      const end = () => raw.destroy();
      if (reply.raw.writableFinished) end();
      else {
        reply.raw.once('finish', end);
        setTimeout(end, 1000).unref();
      }
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
