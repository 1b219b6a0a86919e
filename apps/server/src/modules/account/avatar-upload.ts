import { finished } from 'node:stream/promises';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, formatFileSize, type AvatarContentType } from '@tasklane/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';

const MAX_SIZE_TEXT = formatFileSize(AVATAR_MAX_BYTES);
const TYPES_TEXT = 'a PNG, JPEG or WebP image';
// Room for the boundaries and part headers besides the image itself.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const avatarErrors = {
  notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the avatar as multipart/form-data: one file, ${TYPES_TEXT}`),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `The avatar may be at most ${MAX_SIZE_TEXT}`),
  noFile: () => badRequest('Choose an image to upload', [{ field: 'avatar', message: 'Choose an image to upload' }]),
  tooManyFiles: () => badRequest('Send one image only', [{ field: 'avatar', message: 'Send one image only' }]),
  empty: () => badRequest('The image is empty', [{ field: 'avatar', message: 'The image is empty' }]),
  wrongType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', `The avatar must be ${TYPES_TEXT}`),
  malformed: () => new AppError('BAD_REQUEST', 'The upload is not a well-formed multipart/form-data body'),
};

/** The image type its first bytes say it is (PNG, JPEG or WebP), whatever was declared; undefined for anything else. */
export function detectImageType(bytes: Uint8Array): AvatarContentType | undefined {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** A declared type the avatar may have (image/jpg is a common misspelling of image/jpeg). */
function isAllowedDeclaredType(declared: string): boolean {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return type === 'image/jpg' || (AVATAR_CONTENT_TYPES as readonly string[]).includes(type) || type === 'application/octet-stream' || type === '';
}

function translate(error: unknown): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return avatarErrors.tooLarge();
  if (code === 'FST_FILES_LIMIT') return avatarErrors.tooManyFiles();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return avatarErrors.malformed();
  const message = error instanceof Error ? error.message : '';
  if (code === 'FST_PROTO_VIOLATION' || /Boundary not found|Malformed|Multipart|Unexpected end|terminated early/i.test(message)) return avatarErrors.malformed();
  return error;
}

/**
 * The one image of an avatar upload, read into memory (at most 2 MB) and checked by its bytes:
 * a file declared as an image but holding anything else is refused, and a PNG sent as
 * application/octet-stream is accepted as the PNG it is. Any file field name is accepted.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<{ bytes: Buffer; contentType: AvatarContentType }> {
  if (!request.isMultipart()) throw avatarErrors.notMultipart();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > AVATAR_MAX_BYTES + FORM_OVERHEAD_BYTES) throw avatarErrors.tooLarge();
  let image: { bytes: Buffer; declaredType: string } | undefined;
  let failure: unknown;
  try {
    const parts = request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (failure !== undefined) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      // An empty file input (no file chosen) sends a nameless empty part: not a file.
      if (bytes.length === 0 && !part.filename) continue;
      if (image) failure = avatarErrors.tooManyFiles();
      else image = { bytes, declaredType: part.mimetype };
    }
  } catch (error) {
    failure ??= translate(error);
    if (!request.raw.complete) await finished(request.raw).catch(() => {});
  }
  if (failure !== undefined) throw failure;
  if (!image) throw avatarErrors.noFile();
  if (image.bytes.length === 0) throw avatarErrors.empty();
  const detected = detectImageType(image.bytes);
  if (!detected || !isAllowedDeclaredType(image.declaredType)) throw avatarErrors.wrongType();
  return { bytes: image.bytes, contentType: detected };
}
