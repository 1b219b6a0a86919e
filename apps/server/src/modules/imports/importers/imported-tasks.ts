import { rankBetween, type Priority, type TaskStatus } from '@tasklane/contract';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../context.js';
import { insertCommentUnchecked } from '../../comments/comments.repo.js';
import { insertTaskWithHistory } from '../../tasks/tasks.write.repo.js';
import { findLastRank } from './import-writes.repo.js';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_COMMENT = 5000;
const MAX_TAGS = 20;
const MAX_TAG = 40;

/** Text cut to `max` characters (an ellipsis marks the cut); NUL, which PostgreSQL text refuses, dropped. */
export function fitText(text: string, max: number): string {
  const clean = text.replaceAll('\u0000', '').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** Tags as the API keeps them: trimmed, non-empty, at most 40 characters, at most 20, each once. */
export function fitTags(names: string[]): string[] {
  const tags: string[] = [];
  for (const name of names) {
    const tag = fitText(name, MAX_TAG);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(0, MAX_TAGS);
}

/** The last board rank of each feature column the import wrote to ("featureId:STATUS"), kept in the job's state. */
export type RankBook = Record<string, string | null>;

export type ImportedTask = {
  projectId: string;
  featureId: string;
  categoryId: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: Priority;
  assigneeId: string | null;
  dueDate: string | null;
  tags: string[];
  parentTaskId: string | null;
};

/**
 * Creates a task as POST /tasks does (its number, its CREATED history entry by the importer, its
 * task.created event, one statement), placed after the column's last card so a board keeps the
 * file's order.
 */
export async function createImportedTask(tx: Db, actor: Actor, ranks: RankBook, task: ImportedTask): Promise<string> {
  const column = `${task.featureId}:${task.status}`;
  const last = column in ranks ? ranks[column]! : await findLastRank(tx, task.featureId, task.status);
  const boardRank = rankBetween(last, null);
  ranks[column] = boardRank;
  const inserted = await insertTaskWithHistory(
    tx,
    actor,
    {
      ...task,
      estimatedHours: null,
      actualHours: null,
      blockedReason: null,
      createdBy: actor.id,
      boardRank,
    },
    [{ action: 'CREATED', details: { status: task.status, priority: task.priority } }],
  );
  return inserted.id;
}

export async function addImportedComment(tx: Db, actor: Actor, taskId: string, text: string) {
  await insertCommentUnchecked(tx, actor, taskId, fitText(text, MAX_COMMENT));
}
