import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, formatFileSize } from '@tasklane/contract';

/** The server's own rules, checked before a byte goes out (the server checks the bytes themselves). */
export function avatarFileProblem(file: File): string | undefined {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'The avatar must be a PNG, JPEG or WebP image';
  if (file.size > AVATAR_MAX_BYTES) return `The avatar may be at most ${formatFileSize(AVATAR_MAX_BYTES)}`;
  if (file.size === 0) return 'The image is empty';
  return undefined;
}
