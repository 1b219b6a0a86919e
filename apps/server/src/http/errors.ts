import { errorCodes, type ErrorCode, type FieldError } from '@tasklane/contract';

/** The one error type of the server: its code decides the HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError('VALIDATION_ERROR', message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError('CONFLICT', message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });

/** What a 404 may name. */
export type Resource = 'Project' | 'Feature' | 'Task' | 'Member' | 'User' | 'Attachment' | 'Todo' | 'Category' | 'Workspace' | 'Notification' | 'Relation' | 'Import';

/**
 * The one answer for "not found or not yours": a missing row and one the caller may not see are
 * the same 404, so an id leaks nothing about what exists.
 */
export const notFoundOrNotYours = (resource: Resource) => notFound(`${resource} not found`);
