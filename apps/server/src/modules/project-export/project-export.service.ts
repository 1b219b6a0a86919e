import { Readable } from 'node:stream';
import type { ProjectExportFormat } from '@tasklane/contract';
import { notFoundOrNotYours } from '../../http/errors.js';
import type { Actor, ServiceContext } from '../context.js';
import { requireProjectRole } from '../projects/project-access.js';
import { projectCsvDocument } from './project-export.csv.js';
import { projectJsonDocument } from './project-export.json.js';
import { findProjectForExport } from './project-export.repo.js';

export type ProjectExport = { fileName: string; contentType: string; stream: Readable };

const CONTENT_TYPES: Record<ProjectExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
};

/** The download's name: the project's key and the day, such as tasklane-WEB-2026-11-28.json. */
export function projectExportFileName(key: string, format: ProjectExportFormat, now = new Date()): string {
  return `tasklane-${key}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * A project's export (decision 041): anyone who can see the project may download it, since
 * every member can read all of it through the API anyway. The access check runs before the
 * answer begins, so a refusal is an ordinary error; the document is then read as it is written.
 */
export async function exportProject(ctx: ServiceContext, actor: Actor, projectId: string, format: ProjectExportFormat): Promise<ProjectExport> {
  await requireProjectRole(ctx, actor, projectId, 'VIEWER');
  const project = await findProjectForExport(ctx.db, projectId);
  if (!project) throw notFoundOrNotYours('Project');
  const now = new Date();
  const chunks = format === 'csv' ? projectCsvDocument(ctx.db, projectId, project.key) : projectJsonDocument(ctx.db, projectId, now);
  return {
    fileName: projectExportFileName(project.key, format, now),
    contentType: CONTENT_TYPES[format],
    stream: Readable.from(chunks, { objectMode: false }),
  };
}
