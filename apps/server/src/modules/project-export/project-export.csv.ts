import { projectCsvColumns } from '@tasklane/contract';
import type { Db } from '../../db/client.js';
import { listCsvPage, type CsvTaskRow } from './project-export.repo.js';

const PAGE_SIZE = 1000;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): such a
 * cell is prefixed with a single quote, which spreadsheets show as text and do not evaluate.
 * Tab and carriage return are on the list because some spreadsheets strip them first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvRecord(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function cellsOf(projectKey: string, row: CsvTaskRow): (string | number | null)[] {
  const cells: Record<(typeof projectCsvColumns)[number], string | number | null> = {
    Key: `${projectKey}-${row.number}`,
    Title: row.title,
    Description: row.description,
    Status: row.status,
    Priority: row.priority,
    Feature: row.feature_title,
    Category: row.category_name,
    'Assignee email': row.assignee_email,
    'Assignee name': row.assignee_name,
    'Due date': row.due_date,
    Tags: row.tags.join(', '),
    'Estimated hours': row.estimated_hours,
    'Actual hours': row.actual_hours,
    'Blocked reason': row.blocked_reason,
    'Parent key': row.parent_number === null ? null : `${projectKey}-${row.parent_number}`,
    'Created by email': row.creator_email,
    'Created at': row.created_at,
    'Updated at': row.updated_at,
  };
  return projectCsvColumns.map((column) => cells[column]);
}

/**
 * The project's tasks as CSV, one row each by number, written a page at a time. It begins with
 * a UTF-8 byte order mark so that spreadsheets read accented names correctly.
 */
export async function* projectCsvDocument(db: Db, projectId: string, projectKey: string): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord([...projectCsvColumns])}`;
  let after = 0;
  for (;;) {
    const page = await listCsvPage(db, projectId, after, PAGE_SIZE);
    if (page.length > 0) yield page.map((row) => csvRecord(cellsOf(projectKey, row))).join('');
    if (page.length < PAGE_SIZE) return;
    after = page.at(-1)!.number;
  }
}
