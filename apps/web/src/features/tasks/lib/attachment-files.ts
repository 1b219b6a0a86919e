import { cleanFileName, formatFileSize, type AttachmentLimits } from '@tasklane/contract';

/** What the checks need of a file (a browser File has it). */
export interface FileLike {
  name: string;
  size: number;
  lastModified?: number;
}

/** A file picked for upload, with a key that stays put while others are added or removed. */
export interface PickedFile<F extends FileLike = File> {
  key: string;
  file: F;
}

export interface FileCheck {
  /** Per picked file (same order): what is wrong with it, or null. */
  fileProblems: Array<string | null>;
  /** What is wrong with the selection as a whole (too many files), or null. */
  selectionProblem: string | null;
  /** Every problem, in the order shown: the selection's first, then the files'. */
  messages: string[];
}

/**
 * The server's refusals of an upload (docs/api.md, Attachments), checked before anything is
 * sent and worded as the server words them: an empty file, a file over the size limit, more
 * files than one upload may carry. Without limits (not loaded yet, or failed to load) only
 * empty files are caught; the server still checks the rest.
 */
export function checkAttachmentFiles(files: readonly FileLike[], limits: AttachmentLimits | undefined): FileCheck {
  const fileProblems = files.map((file) => {
    const name = cleanFileName(file.name);
    if (file.size === 0) return `"${name}" is empty`;
    if (limits && file.size > limits.maxFileSize) {
      return `"${name}" is too large: each file may be at most ${formatFileSize(limits.maxFileSize)}`;
    }
    return null;
  });
  const selectionProblem =
    limits && files.length > limits.maxFiles ? `Too many files: at most ${limits.maxFiles} can be uploaded at once` : null;
  const messages = [selectionProblem, ...fileProblems].filter((message): message is string => message !== null);
  return { fileProblems, selectionProblem, messages };
}

/** 'Up to 10 files, 25 MB each' (the hint under a file picker). */
export function describeLimits(limits: AttachmentLimits): string {
  return `Up to ${limits.maxFiles} ${limits.maxFiles === 1 ? 'file' : 'files'}, ${formatFileSize(limits.maxFileSize)} each`;
}

const sameFile = (a: FileLike, b: FileLike) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

let nextKey = 0;

/**
 * The picked files after another pick or drop: the new ones appended, except those already
 * picked (the same name, size and modification time: picking a file twice attaches it once).
 */
export function addPickedFiles<F extends FileLike>(picked: readonly PickedFile<F>[], incoming: readonly F[]): PickedFile<F>[] {
  const result = [...picked];
  for (const file of incoming) {
    if (result.some((entry) => sameFile(entry.file, file))) continue;
    nextKey += 1;
    result.push({ key: `picked-${nextKey}`, file });
  }
  return result;
}

/** 'Upload 1 file', 'Upload 3 files'. */
export function uploadLabel(count: number): string {
  return `Upload ${count} ${count === 1 ? 'file' : 'files'}`;
}

export type FileKind = 'image' | 'video' | 'audio' | 'archive' | 'spreadsheet' | 'document' | 'other';

const archiveTypes = /(zip|x-tar|gzip|x-7z|x-rar|vnd\.rar|x-bzip2?|x-xz|zstd)/;
const spreadsheetTypes = /(spreadsheet|ms-excel|csv)/;
const documentTypes = /^(text\/|application\/(pdf|msword|rtf|json|xml|vnd\.openxmlformats-officedocument\.wordprocessingml|vnd\.oasis\.opendocument\.text))/;

/** The kind of file a stored media type says it is, for its icon. */
export function fileKind(contentType: string): FileKind {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (archiveTypes.test(type)) return 'archive';
  if (spreadsheetTypes.test(type)) return 'spreadsheet';
  if (documentTypes.test(type)) return 'document';
  return 'other';
}
