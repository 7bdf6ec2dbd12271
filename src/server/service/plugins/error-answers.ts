/**
 * Every error is `{"message"}` with the CORS headers: thrown HttpErrors, Fastify's own (415, 413, 4xx), storage
 * faults and anything else (500, logged without request data), unknown routes, errors before routing
 * (`frameworkErrors`) and requests Node's HTTP parser refused (`clientErrorHandler`). Also: a missing Host is 400,
 * every answer carries `X-Content-Type-Options: nosniff`, and routes with `config: { cors: true }` carry CORS on
 * success too.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '@/server/service/http-error';
import { storageFault } from '@/server/service/storage';

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
} as const;

/** Request line plus headers, in bytes (Node's default, stated so the 431 message can say it). */
export const MAX_HEADER_BYTES = 16_384;

function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).headers(CORS_HEADERS).type('application/json').send({ message });
}

/** Fastify's errors before a route is found: the path's percent-encoding, or a parameter beyond maxParamLength. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(
      reply,
      400,
      'URL path must be valid percent-encoding: each % starts a %XX escape, and the escapes spell UTF-8',
    );
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, 'URL path has a segment longer than 16384 characters');
  return sendError(reply, 400, 'request could not be routed');
}

/** What Node's HTTP parser refused, by its error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, `request line and headers must be at most ${MAX_HEADER_BYTES} bytes`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request did not arrive in time'],
  HPE_INVALID_METHOD: [400, 'request method must be an HTTP method'],
  HPE_INVALID_URL: [400, 'request target must be a URL path'],
  HPE_INVALID_VERSION: [400, 'request line must end with HTTP/1.1 or HTTP/1.0'],
  HPE_INVALID_CONSTANT: [400, 'request line must be METHOD PATH HTTP/1.1'],
  HPE_INVALID_HEADER_TOKEN: [400, 'header names and values must use only the characters HTTP allows'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'Content-Length header must be one decimal number'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Content-Length header must not be sent with Transfer-Encoding: chunked'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'Transfer-Encoding header must end with chunked'],
  HPE_INVALID_CHUNK_SIZE: [400, 'chunked body must give each chunk size in hexadecimal'],
};

/**
 * Node's 'clientError': the request could not be parsed, so there is no request or reply object; the answer is
 * written to the socket, as Node's own handler does, unless a response has already started on it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'request is not valid HTTP/1.1'];
    const body = JSON.stringify({ message });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      ...CORS_HEADERS,
      'x-content-type-options': 'nosniff',
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

export const errorAnswers = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.raw.httpVersion === '1.1' && !request.headers.host)
        throw new HttpError(400, 'Host header is required');
    });
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message);
      const code = (error as FastifyError).code;
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        const type = request.headers['content-type'];
        return sendError(
          reply,
          415,
          type
            ? `Content-Type ${type.split(';')[0]} is not supported; send application/json`
            : 'Content-Type header is required; send application/json',
        );
      }
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(
          reply,
          413,
          `body is larger than ${request.routeOptions.config?.rawBody ? 'the file size limit' : 'the body size limit'}`,
        );
      }
      const status = (error as FastifyError).statusCode;
      if (status && status >= 400 && status < 500) return sendError(reply, status, error.message || 'Bad Request');
      // Database errors: their code and message only — the wrapper's message and stack hold the query's parameters.
      const fault = storageFault(error);
      if (fault) {
        request.log.error({ database: fault.log }, 'storage error');
        return sendError(reply, fault.status, fault.message);
      }
      request.log.error({ err: { message: error.message, stack: error.stack, code } }, 'unhandled error');
      return sendError(reply, 500, 'Internal Server Error');
    });
    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, `no route ${request.method} ${request.url.split('?')[0]}`),
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 400 || request.routeOptions.config?.cors) reply.headers(CORS_HEADERS);
      reply.header('x-content-type-options', 'nosniff');
      return payload;
    });
  },
  { name: 'error-answers' },
);
