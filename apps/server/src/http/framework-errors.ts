import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { errorCodes, type ErrorCode, type ErrorResponse } from '@tasklane/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { HeaderMap } from './security-headers.js';

function envelope(code: ErrorCode, message: string): string {
  const body: ErrorResponse = { success: false, message, code };
  return JSON.stringify(body);
}

const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_BAD_URL: ['BAD_REQUEST', 'Malformed URL'],
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'A part of the URL is too long'],
};

/**
 * Fastify's frameworkErrors option: what it refuses before routing (a URL it cannot decode, a
 * path parameter past its length limit) skips every hook, so the answer gets the envelope, the
 * security headers, no-store and its request id here.
 */
export function frameworkErrorHandler(headers: HeaderMap) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [code, message] = FRAMEWORK_ERRORS[error.code] ?? ['INTERNAL_ERROR', 'Something went wrong on our side'];
    if (code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed before routing');
    return reply
      .code(errorCodes[code])
      .headers(headers)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(envelope(code, message));
  };
}

function clientErrorAnswer(error: NodeJS.ErrnoException): [ErrorCode, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return ['HEADERS_TOO_LARGE', 'Request headers are too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return ['PAYLOAD_TOO_LARGE', 'Request body is too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['REQUEST_TIMEOUT', 'The request took too long to arrive'];
    default:
      return ['BAD_REQUEST', 'Malformed HTTP request'];
  }
}

/**
 * Fastify's clientErrorHandler: Node's HTTP parser refused what arrived (headers past 16 KB, a
 * malformed request line or header) and there is no request to answer through. The answer is
 * written on the socket by hand, with the same envelope and headers as any other, and the
 * connection is then closed: what follows on it cannot be trusted to start a request. Like
 * Fastify's default, it logs nothing at the usual levels: these are mostly scanners and noise.
 */
export function clientErrorHandler(headers: HeaderMap) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message] = clientErrorAnswer(error);
    // A response still in flight on this connection (pipelining) must not be cut by ours.
    const isAnswering = (socket as Socket & { _httpMessage?: unknown })._httpMessage != null;
    if (!socket.writable || isAnswering) {
      socket.destroy();
      return;
    }
    const body = envelope(code, message);
    const status = errorCodes[code];
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      `x-request-id: ${randomUUID()}`,
      'cache-control: no-store',
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  };
}
