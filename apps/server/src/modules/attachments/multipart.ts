import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { UploadLimits, UploadPart } from './upload.js';
import { uploadErrors } from './upload.js';

// Room for the description, the boundaries and part headers besides the files themselves.
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 20;

/** The largest body an upload within the limits can have. */
export const maxUploadBytes = (limits: UploadLimits) => limits.maxFiles * limits.maxFileBytes + FORM_OVERHEAD_BYTES;

/** @fastify/multipart's and busboy's failures, in the API's words. */
function translate(error: unknown, limits: UploadLimits): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'FST_FILES_LIMIT':
      return uploadErrors.tooManyFiles(limits);
    case 'FST_REQ_FILE_TOO_LARGE':
      return uploadErrors.fileTooLarge(limits);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return uploadErrors.uploadTooLarge(limits);
    case 'FST_MP_PREMATURE_CLOSE':
      return uploadErrors.interrupted();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return uploadErrors.malformed();
    default:
      break;
  }
  if (/terminated early|Unexpected end|aborted/i.test(message)) return uploadErrors.interrupted();
  if (/Boundary not found|Malformed|Multipart/i.test(message)) return uploadErrors.malformed();
  return error;
}

/**
 * The parts of a multipart request, streamed, within the upload limits. Nothing is read until
 * the first part is asked for, so a caller refused before that never costs a byte of storage.
 */
export async function* uploadPartsOf(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw uploadErrors.notMultipart();
  // A body larger than any acceptable upload is refused before it is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxUploadBytes(limits)) throw uploadErrors.uploadTooLarge(limits);
  const parts = request.parts({
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: limits.maxFiles + MAX_FIELDS,
      headerPairs: 100,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          field: part.fieldname,
          fileName: part.filename ?? '',
          contentType: part.mimetype,
          stream: part.file,
          isTruncated: () => part.file.truncated,
        };
      } else {
        yield {
          kind: 'field',
          field: part.fieldname,
          value: typeof part.value === 'string' ? part.value : JSON.stringify(part.value),
          isTruncated: part.valueTruncated,
        };
      }
    }
  } catch (error) {
    // A limit stops the parts, not the body: let the parser skip the rest so the client
    // finishes sending and reads the answer, instead of meeting a closed connection.
    if (!request.raw.complete) await finished(request.raw).catch(() => {});
    throw translate(error, limits);
  }
}
