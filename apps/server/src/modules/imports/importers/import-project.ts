import { projectKeyCandidates } from '@tasklane/contract';
import type { Db } from '../../../db/client.js';
import { isNotNullViolation, violatedUniqueConstraint } from '../../../db/errors.js';
import { badRequest } from '../../../http/errors.js';
import type { Actor } from '../../context.js';
import { insertFeature } from '../../features/features.repo.js';
import { insertMember } from '../../projects/members.repo.js';
import { insertProjectWithAdmin, PROJECT_KEY_INDEX } from '../../projects/projects.repo.js';
import { ensureCategory } from './import-writes.repo.js';
import { fitText, MAX_TITLE } from './imported-tasks.js';
import type { SummaryRecorder } from './importer.js';

/**
 * The TASK category every imported task gets (decision 040): a task needs one of its creator's
 * TASK categories, and the importer is its creator. Created once per person and reused; the
 * features an import makes take it as their default, so other members' "+ Add task" works too.
 */
export const IMPORTED_CATEGORY = { name: 'Imported', slug: 'imported', type: 'TASK', color: '#64748B' } as const;

export function ensureImportedCategory(tx: Db, actor: Actor): Promise<string> {
  return ensureCategory(tx, actor, IMPORTED_CATEGORY);
}

const KEY_ATTEMPTS = 8;

/**
 * A new project in the workspace with the importer as its ADMIN, keyed like any new project
 * (the first free key proposed from its name). A key taken meanwhile by another create is tried
 * again inside a savepoint, so the batch's transaction survives it.
 */
export async function createImportProject(tx: Db, actor: Actor, workspaceId: string, name: string, description: string): Promise<string> {
  const data = { workspaceId, name, description } as Parameters<typeof insertProjectWithAdmin>[2];
  const candidates = projectKeyCandidates(name);
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((savepoint) => insertProjectWithAdmin(savepoint as unknown as Db, actor, data, candidates));
    } catch (error) {
      if (isNotNullViolation(error)) throw badRequest('Every project key proposed from this name is taken: rename the project');
      if (violatedUniqueConstraint(error) !== PROJECT_KEY_INDEX || attempt >= KEY_ATTEMPTS) throw error;
    }
  }
}

export async function createImportFeature(tx: Db, actor: Actor, projectId: string, title: string, categoryId: string): Promise<string> {
  const feature = await insertFeature(tx, actor, projectId, { title: fitText(title, MAX_TITLE) || 'Untitled', defaultCategoryId: categoryId });
  return feature.id;
}

/** Adds a matched person as a MEMBER (nothing when they are one already); counts the additions. */
export async function addImportMember(tx: Db, actor: Actor, projectId: string, userId: string, summary: SummaryRecorder) {
  if (userId === actor.id) return;
  const added = await insertMember(tx, actor, projectId, userId, 'MEMBER');
  if (added.outcome === 'added') summary.created('members');
}
