import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './project-export.csv.js';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and null as an empty cell', () => {
    expect(csvCell('Plain title')).toBe('Plain title');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('prefixes text a spreadsheet would run as a formula with a single quote (OWASP)', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 00')).toBe("'+33 6 00");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTabbed')).toBe("'\tTabbed");
    expect(csvCell('\rReturn')).toBe(`"'\rReturn"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    // Only a leading one counts; a number is never text.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('csvRecord', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRecord(['a', null, 3, 'x,y'])).toBe('a,,3,"x,y"\r\n');
  });
});
