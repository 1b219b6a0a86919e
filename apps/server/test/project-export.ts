import { projectExportDocumentSchema, type ProjectExportDocument } from '@tasklane/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

/** A project's JSON export, as a client downloads it, checked against the contract's schema. */
export async function exportProject(server: TestServer, projectId: string, cookie: string): Promise<ProjectExportDocument> {
  const response = await server.request('GET', `/api/v1/projects/${projectId}/export?format=json`, { cookie });
  expect(response.status, response.text).toBe(200);
  return projectExportDocumentSchema.parse(response.body);
}

/** What may differ between a project and its re-imported copy: the export's time and the project's key (in each task's key). */
export function normalizedExport(document: ProjectExportDocument) {
  const { key } = document.project;
  return {
    ...document,
    exportedAt: 'EXPORTED_AT',
    project: { ...document.project, key: 'KEY' },
    tasks: document.tasks.map((task) => ({ ...task, key: task.key.replace(`${key}-`, 'KEY-') })),
  };
}
