import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ATTACHMENT_DESCRIPTION_FIELD,
  ATTACHMENT_FILES_FIELD,
  attachmentDescriptionSchema,
  cleanFileName,
  formatFileSize,
} from '@tasklane/contract';
import { AppError, badRequest } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import type { NewAttachment } from './attachments.repo.js';

/** One part of a multipart upload, as the HTTP layer hands it over (in the order sent). */
export type UploadPart =
  | { kind: 'file'; field: string; fileName: string; contentType: string; stream: Readable; isTruncated(): boolean }
  | { kind: 'field'; field: string; value: string; isTruncated: boolean };

export type UploadLimits = { maxFileBytes: number; maxFiles: number };
export type ReceivedUpload = { files: NewAttachment[]; description: string | null };

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
// type/subtype made of RFC 6838 name characters; parameters are dropped.
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

export const uploadErrors = {
  fileTooLarge: (limits: UploadLimits, name?: string) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `${name ? `"${name}" is too large: each` : 'Each'} file may be at most ${formatFileSize(limits.maxFileBytes)}`,
    ),
  tooManyFiles: (limits: UploadLimits) =>
    new AppError('PAYLOAD_TOO_LARGE', `Too many files: at most ${limits.maxFiles} can be uploaded at once`),
  uploadTooLarge: (limits: UploadLimits) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The upload is too large: at most ${limits.maxFiles} files of ${formatFileSize(limits.maxFileBytes)} each`,
    ),
  noFiles: () => badRequest('Choose at least one file to upload', [{ field: ATTACHMENT_FILES_FIELD, message: 'Choose at least one file to upload' }]),
  emptyFile: (name: string) => badRequest(`"${name}" is empty`, [{ field: ATTACHMENT_FILES_FIELD, message: `"${name}" is empty` }]),
  wrongField: (field: string) => {
    const message = `Send files in the field "${ATTACHMENT_FILES_FIELD}"`;
    return badRequest(message, [{ field, message }]);
  },
  interrupted: () => new AppError('BAD_REQUEST', 'The upload was interrupted before it finished'),
  malformed: () => new AppError('BAD_REQUEST', 'The upload is not a well-formed multipart/form-data body'),
  notMultipart: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the files as multipart/form-data, in the field "${ATTACHMENT_FILES_FIELD}"`),
};

/** The stored media type: what the uploader declared, when it is a well-formed one. */
export function cleanContentType(declared: string | undefined): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return CONTENT_TYPE_PATTERN.test(type) ? type : FALLBACK_CONTENT_TYPE;
}

/** Reads a part to its end without keeping it (after a failure, so the client can finish sending). */
async function discard(stream: Readable) {
  try {
    for await (const _chunk of stream) {
      // dropped
    }
  } catch {
    // The part was cut short; the parts iterator reports why.
  }
}

function parseDescription(value: string, isTruncated: boolean): string | null {
  const parsed = attachmentDescriptionSchema.safeParse(value);
  if (isTruncated || !parsed.success) {
    const message = parsed.success ? 'Description is too long' : parsed.error.issues[0]!.message;
    throw badRequest(message, [{ field: ATTACHMENT_DESCRIPTION_FIELD, message }]);
  }
  return parsed.data;
}

/**
 * Streams each file of an upload into the store as it arrives (nothing is held in memory) and
 * reads the description. Any failure (a file too large or empty, too many files, the client
 * going away, the disk) removes every file this upload stored and is thrown once the rest of
 * the body has been read, so nothing of a refused upload remains and the client gets the answer.
 */
export async function receiveUpload(store: FileStore, parts: AsyncIterable<UploadPart>, limits: UploadLimits): Promise<ReceivedUpload> {
  const stored: NewAttachment[] = [];
  let description: string | null = null;
  let failure: unknown;
  try {
    for await (const part of parts) {
      if (failure !== undefined) {
        if (part.kind === 'file') await discard(part.stream);
        continue;
      }
      try {
        if (part.kind === 'field') {
          if (part.field === ATTACHMENT_DESCRIPTION_FIELD) description = parseDescription(part.value, part.isTruncated);
          continue;
        }
        if (part.field !== ATTACHMENT_FILES_FIELD) {
          failure = uploadErrors.wrongField(part.field);
          await discard(part.stream);
          continue;
        }
        const name = cleanFileName(part.fileName);
        const file = await store.put(part.stream);
        if (part.isTruncated()) {
          await store.remove(file.id);
          failure = uploadErrors.fileTooLarge(limits, name);
        } else if (file.size === 0) {
          await store.remove(file.id);
          // An empty file input (no file chosen) sends a nameless empty part: not a file.
          if (part.fileName !== '') failure = uploadErrors.emptyFile(name);
        } else {
          stored.push({ id: randomUUID(), storageKey: file.id, name, size: file.size, contentType: cleanContentType(part.contentType) });
        }
      } catch (error) {
        // A file whose own stream broke was cut short by the client (or a malformed body);
        // anything else (the disk) is the server's fault.
        failure = part.kind === 'file' && part.stream.errored ? uploadErrors.interrupted() : error;
        if (part.kind === 'file') await discard(part.stream);
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure === undefined && stored.length === 0) failure = uploadErrors.noFiles();
  if (failure !== undefined) {
    await removeStoredFiles(store, stored.map((file) => file.storageKey));
    throw failure;
  }
  return { files: stored, description };
}

/** Removes files whose rows never committed or were deleted; one that will not go is left to the sweep. */
export async function removeStoredFiles(store: FileStore, keys: string[]): Promise<void> {
  const batch = 16;
  for (let index = 0; index < keys.length; index += batch) {
    await Promise.all(keys.slice(index, index + batch).map((key) => store.remove(key).catch(() => {})));
  }
}
