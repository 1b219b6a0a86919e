import type { ProjectExportDocument } from '@tasklane/contract';
import { badRequest, forbidden } from '../../../http/errors.js';
import { importProjectDocument, parseProjectDocument, type ImportProgress } from '../../project-export/project-import.service.js';
import { canManageWorkspace } from '../../workspaces/workspaces.policy.js';
import type { Importer } from './importer.js';

/** What a finished re-import left behind: nothing to resume. */
type TasklaneState = { projectId: string };

/**
 * Tasklane's own JSON project export (decision 041), re-imported as a new project of the workspace
 * (decision 040's registry; the owner only, as for a Trello board). The document is validated in
 * the request (a bad one is a 400 naming what is wrong), and recreated by the export module's
 * `importProjectDocument` in ONE batch: its own steps run as savepoints of the batch's
 * transaction, so the copy and the job's completion commit together and a crash midway leaves
 * nothing to clean up and nothing made twice (the job is simply run again). Each batch of tasks
 * beats the job's heartbeat: the progress bar moves and the lease holds however long it takes.
 */
export const tasklaneImporter: Importer<ProjectExportDocument, TasklaneState> = {
  source: 'tasklane',
  scope: 'workspace',
  parse(file) {
    let document: unknown;
    try {
      document = JSON.parse(file.toString('utf8'));
    } catch {
      throw badRequest('This is not a Tasklane project export (the file is not valid JSON)');
    }
    return parseProjectDocument(document);
  },
  async authorize(_ctx, _actor, target) {
    if (!canManageWorkspace({ isOwner: target.isWorkspaceOwner })) throw forbidden('Only the workspace owner can import projects into it');
  },
  total: (plan) => plan.tasks.length,
  async runBatch(_tx, run) {
    // Each batch of tasks shows on the progress bar and keeps the job's lease, however long the copy takes.
    const onProgress = async ({ phase, done }: ImportProgress) => {
      if (phase === 'tasks') await run.heartbeat(done);
    };
    const { projectId, created, skipped } = await importProjectDocument(run.ctx, run.actor, { workspaceId: run.workspaceId ?? '', document: run.plan, onProgress });
    run.setProjectId(projectId);
    run.summary.created('projects');
    for (const [kind, count] of Object.entries(created)) run.summary.created(kind, count);
    for (const item of skipped) run.summary.skipped(item.item, item.reason);
    return { state: { projectId }, done: run.plan.tasks.length, isFinished: true };
  },
};
