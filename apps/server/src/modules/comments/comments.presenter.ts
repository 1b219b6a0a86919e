import type { Comment } from '@tasklane/contract';
import type { CommentRow } from './comments.repo.js';

export function presentComment(row: CommentRow): Comment {
  return {
    _id: row.id,
    comment: row.comment,
    taskId: row.taskId,
    userId: { _id: row.author.id, fullName: row.author.fullName, email: row.author.email, avatar: row.author.avatar },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
