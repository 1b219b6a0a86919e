import type { ImportSource } from '@tasklane/contract';
import { csvImporter } from './csv.js';
import type { Importer } from './importer.js';
import { tasklaneImporter } from './tasklane.js';
import { todoistImporter } from './todoist.js';
import { trelloImporter } from './trello.js';

/**
 * Every import source, by name (decision 040): adding one is one entry here. `tasklane` is
 * Tasklane's own JSON project export, re-imported through the export module (decision 041).
 */
// Each importer's plan and state are its own; methods compare bivariantly, so they fit unknown here.
export const importers: Partial<Record<ImportSource, Importer<unknown, unknown>>> = {
  trello: trelloImporter,
  csv: csvImporter,
  todoist: todoistImporter,
  tasklane: tasklaneImporter,
};

export function importerFor(source: string): Importer<unknown, unknown> | undefined {
  return Object.hasOwn(importers, source) ? importers[source as ImportSource] : undefined;
}
