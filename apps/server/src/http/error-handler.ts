import { errorCodes, type ErrorCode, type ErrorResponse, type FieldError } from '@tasklane/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** The contract's code for a framework's or a plugin's 4xx status, e.g. @fastify/static's 403. */
const codeOfStatus = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(errorCodes) as Array<[ErrorCode, number]>) {
  if (code !== 'VALIDATION_ERROR' && !codeOfStatus.has(status)) codeOfStatus.set(status, code);
}

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function toField(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (fromPath) return fromPath;
  const issue = (params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue;
  return issue?.path?.map(String).join('.') ?? '';
}

/** Turns every failure into the error envelope; only the server's own faults become 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = [];
      for (const issue of error.validation) {
        const field = toField(issue.instancePath, issue.params);
        const message = issue.message ?? 'Invalid value';
        // One rule failing several ways (empty and not a UUID) reads as one message.
        if (!errors.some((known) => known.field === field && known.message === message)) errors.push({ field, message });
      }
      return send(reply, 400, {
        success: false,
        message: errors[0]?.message ?? 'Invalid request',
        code: 'VALIDATION_ERROR',
        errors,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, { success: false, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, {
          success: false,
          message: 'Unsupported content type: send JSON',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, { success: false, message: 'Request body is empty', code: 'BAD_REQUEST' });
      default:
        break;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 400 && error instanceof SyntaxError ? 'Invalid JSON body' : error.message;
      return send(reply, status, {
        success: false,
        message: message || 'Bad request',
        // A 4xx status the contract has no code for says BAD_REQUEST.
        code: codeOfStatus.get(status) ?? 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { success: false, message: 'Something went wrong on our side', code: 'INTERNAL_ERROR' });
  });
}
