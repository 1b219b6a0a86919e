import { describe, expect, it } from 'vitest';
import { addPickedFiles, checkAttachmentFiles, describeLimits, fileKind, uploadLabel, type FileLike } from './attachment-files';

const MB = 1024 * 1024;
const limits = { maxFileSize: 2 * MB, maxFiles: 3 };
const file = (name: string, size: number, lastModified = 1): FileLike => ({ name, size, lastModified });

describe('checkAttachmentFiles', () => {
  it('finds nothing wrong with files within the limits, one exactly at the size limit included', () => {
    expect(checkAttachmentFiles([file('a.txt', 1), file('b.bin', 2 * MB)], limits)).toEqual({
      fileProblems: [null, null],
      selectionProblem: null,
      messages: [],
    });
  });

  it("refuses a file one byte over the limit, in the server's words", () => {
    const check = checkAttachmentFiles([file('ok.txt', 10), file('big.iso', 2 * MB + 1)], limits);
    expect(check.fileProblems).toEqual([null, '"big.iso" is too large: each file may be at most 2 MB']);
    expect(check.messages).toEqual(['"big.iso" is too large: each file may be at most 2 MB']);
  });

  it('refuses an empty file', () => {
    expect(checkAttachmentFiles([file('notes.txt', 0)], limits).messages).toEqual(['"notes.txt" is empty']);
  });

  it('refuses more files than one upload may carry, and says so first', () => {
    const check = checkAttachmentFiles([file('1', 1), file('2', 0), file('3', 1), file('4', 1)], limits);
    expect(check.selectionProblem).toBe('Too many files: at most 3 can be uploaded at once');
    expect(check.messages).toEqual(['Too many files: at most 3 can be uploaded at once', '"2" is empty']);
  });

  it('names a file as the server will store it (path parts and control characters gone)', () => {
    expect(checkAttachmentFiles([file('../../etc/pass\u0007wd', 0)], limits).messages).toEqual(['"passwd" is empty']);
  });

  it('checks only for empty files while the limits are unknown', () => {
    const many = Array.from({ length: 20 }, (_, index) => file(`f${index}`, 100 * MB));
    expect(checkAttachmentFiles(many, undefined).messages).toEqual([]);
    expect(checkAttachmentFiles([file('e', 0)], undefined).messages).toEqual(['"e" is empty']);
  });
});

describe('addPickedFiles', () => {
  it('appends new files with stable keys and skips a file picked twice', () => {
    const first = addPickedFiles([], [file('a.txt', 3), file('b.txt', 4)]);
    expect(first.map((entry) => entry.file.name)).toEqual(['a.txt', 'b.txt']);
    const second = addPickedFiles(first, [file('a.txt', 3), file('a.txt', 5), file('c.txt', 1)]);
    expect(second.map((entry) => `${entry.file.name}:${entry.file.size}`)).toEqual(['a.txt:3', 'b.txt:4', 'a.txt:5', 'c.txt:1']);
    expect(second.slice(0, 2).map((entry) => entry.key)).toEqual(first.map((entry) => entry.key));
    expect(new Set(second.map((entry) => entry.key)).size).toBe(4);
  });

  it('keeps two files of the same name and size that were modified at different times', () => {
    expect(addPickedFiles([], [file('a', 1, 1), file('a', 1, 2)])).toHaveLength(2);
  });
});

describe('labels', () => {
  it('describes the limits and the upload button', () => {
    expect(describeLimits({ maxFileSize: 25 * MB, maxFiles: 10 })).toBe('Up to 10 files, 25 MB each');
    expect(describeLimits({ maxFileSize: 512 * 1024, maxFiles: 1 })).toBe('Up to 1 file, 512 KB each');
    expect(uploadLabel(1)).toBe('Upload 1 file');
    expect(uploadLabel(4)).toBe('Upload 4 files');
  });
});

describe('fileKind', () => {
  it.each([
    ['image/png', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/zip', 'archive'],
    ['application/x-7z-compressed', 'archive'],
    ['text/csv', 'spreadsheet'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'spreadsheet'],
    ['application/pdf', 'document'],
    ['text/plain', 'document'],
    ['application/octet-stream', 'other'],
  ])('%s is %s', (type, kind) => {
    expect(fileKind(type)).toBe(kind);
  });
});
