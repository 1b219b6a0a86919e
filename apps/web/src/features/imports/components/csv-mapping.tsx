import { csvImportFields, type CsvImportField, type CsvMapping } from '@tasklane/contract';
import { Select } from '@/components/ui/select';
import type { CsvPreview } from '../lib/csv-preview';

const FIELD_LABELS: Record<CsvImportField, string> = {
  title: 'Title (required)',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  dueDate: 'Due date',
  assignee: 'Assignee (email)',
  tags: 'Tags (comma separated)',
  feature: 'Feature (by name; created if missing)',
};

/** The mapping step: a column for each task field, and the file's first rows to check it against. */
export function CsvMappingStep({ preview, mapping, onChange }: { preview: CsvPreview; mapping: Partial<CsvMapping>; onChange: (mapping: Partial<CsvMapping>) => void }) {
  const options = [{ value: '', label: 'Not imported' }, ...preview.header.filter(Boolean).map((column) => ({ value: column, label: column }))];
  return (
    <div className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Map columns to task fields</legend>
        {csvImportFields.map((field) => (
          <div key={field} className="space-y-1">
            <label htmlFor={`import-map-${field}`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
              {FIELD_LABELS[field]}
            </label>
            <Select
              id={`import-map-${field}`}
              value={mapping[field] ?? ''}
              options={options}
              onChange={(event) => onChange({ ...mapping, [field]: event.target.value || undefined })}
            />
          </div>
        ))}
      </fieldset>
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          Preview ({Math.min(preview.rows.length, preview.rowCount)} of {preview.rowCount} rows)
        </h3>
        <div className="mt-2 max-h-56 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">The first rows of the file</caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                {preview.header.map((column, index) => (
                  <th key={index} scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200">
                    {column || `Column ${index + 1}`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {preview.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {preview.header.map((_, index) => (
                    <td key={index} className="max-w-48 truncate px-2 py-1.5 text-slate-700 dark:text-slate-300">
                      {row[index] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
