import { operations, type ProjectExportFormat } from '@tasklane/contract';
import { operationUrl } from '@/lib/api-client';

/**
 * GET /api/v1/projects/{projectId}/export?format=json|csv: the browser downloads it itself
 * (Content-Disposition: attachment), so a large project streams straight to a file instead of
 * through the page's memory, as "Export my data" does.
 */
export const projectExportUrl = (projectId: string, format: ProjectExportFormat) =>
  operationUrl(operations.projects.export, { params: { projectId }, query: { format } });
