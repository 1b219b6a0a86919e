import { csvImportFields, type CsvImportField, type CsvMapping } from '@tasklane/contract';

export type CsvPreview = { header: string[]; rows: string[][]; rowCount: number };

const PREVIEW_ROWS = 5;

/**
 * The header and first rows of a CSV file, read in the browser for the mapping step. papaparse
 * (the server's parser too) is loaded only when a CSV is chosen, so no screen ships it up front.
 */
export async function readCsvPreview(file: File): Promise<CsvPreview> {
  const { default: Papa } = await import('papaparse');
  const text = (await file.text()).replace(/^\uFEFF/, '');
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  const [header = [], ...rows] = result.data;
  return { header: header.map((cell) => cell.trim()), rows: rows.slice(0, PREVIEW_ROWS), rowCount: rows.length };
}

/** Words a column's header may use for each field: the mapping starts from these guesses. */
const GUESSES: Record<CsvImportField, string[]> = {
  title: ['title', 'name', 'summary', 'task', 'subject'],
  description: ['description', 'details', 'notes', 'body'],
  status: ['status', 'state'],
  priority: ['priority', 'prio'],
  dueDate: ['due date', 'due', 'deadline', 'duedate', 'due_date'],
  assignee: ['assignee', 'assignee email', 'owner', 'assigned to', 'email'],
  tags: ['tags', 'labels', 'label'],
  feature: ['feature', 'epic', 'list', 'group'],
};

export function guessMapping(header: string[]): Partial<CsvMapping> {
  const mapping: Partial<CsvMapping> = {};
  for (const field of csvImportFields) {
    const column = header.find((name) => GUESSES[field].includes(name.trim().toLowerCase()));
    if (column) mapping[field] = column;
  }
  return mapping;
}
