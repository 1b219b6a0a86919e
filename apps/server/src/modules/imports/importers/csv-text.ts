import Papa from 'papaparse';
import { badRequest } from '../../../http/errors.js';

/**
 * The rows of a CSV file (papaparse: quoted fields, embedded newlines and commas, any line
 * ending; the delimiter guessed among comma, semicolon and tab), a byte-order mark dropped.
 * Blank rows stay (so "Row N" is the row a spreadsheet shows), but not at the end. 400 when
 * the bytes are not UTF-8 text.
 */
export function readCsv(file: Buffer, what: string): string[][] {
  const text = file.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw badRequest(`${what} must be a UTF-8 text file (CSV)`);
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', ';', '\t'] });
  const rows = result.data.filter((row) => Array.isArray(row));
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1]!)) rows.pop();
  return rows;
}

export function isBlankRow(row: string[]): boolean {
  return row.every((cell) => cell.trim() === '');
}
