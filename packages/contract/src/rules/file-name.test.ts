import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from './file-name.js';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\win.ini', 'win.ini'],
    ['/absolute/path/notes.txt', 'notes.txt'],
    ['folder/', 'folder'],
    ['', 'file'],
    ['   ', 'file'],
    ['..', 'file'],
    ['../', 'file'],
    ['  spaced name.txt  ', 'spaced name.txt'],
    ['tab\there\u0000nul\r\nline.txt', 'tabherenulline.txt'],
    ['\u007fdel\u009f.txt', 'del.txt'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['Résumé – 2025.pdf', 'Résumé – 2025.pdf'],
    ['日本語のファイル.txt', '日本語のファイル.txt'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanFileName(raw)).toBe(expected);
  });

  it('normalizes decomposed characters (as macOS sends them) to their composed form', () => {
    expect(cleanFileName('Re\u0301sume\u0301.txt')).toBe('Résumé.txt');
  });

  it('caps the name at 255 characters and keeps a short extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(400)}.pdf`);
    expect(Array.from(cleaned)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cleaned = cleanFileName('😀'.repeat(300));
    expect(Array.from(cleaned)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cleaned).toBe('😀'.repeat(MAX_FILE_NAME_LENGTH));
  });

  it('caps a long name without a usable extension by cutting its end', () => {
    const cleaned = cleanFileName(`x.${'b'.repeat(300)}`);
    expect(cleaned).toBe(`x.${'b'.repeat(253)}`);
  });
});
