import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('names a plain ASCII file with filename alone', () => {
    expect(attachmentDisposition('report 2025.pdf')).toBe('attachment; filename="report 2025.pdf"');
  });

  it('adds the exact UTF-8 name as filename* when the plain one had to change', () => {
    expect(attachmentDisposition('Résumé.pdf')).toBe(`attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`);
    expect(attachmentDisposition('日本.txt')).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
  });

  it('never lets a quote or backslash end the quoted name', () => {
    const header = attachmentDisposition('a"b\\c\'(d).txt');
    expect(header).toBe(`attachment; filename="a_b_c'(d).txt"; filename*=UTF-8''a%22b%5Cc%27%28d%29.txt`);
  });

  it('encodes a name that decodes back to itself', () => {
    const name = 'Ünïcødé – 😀 & co; x=1.bin';
    const encoded = attachmentDisposition(name).split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
  });
});
