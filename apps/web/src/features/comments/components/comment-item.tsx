import type { Comment } from '@tasklane/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Markdown } from '@/components/domain/markdown';
import { MentionTextarea, type Mentionable } from '@/components/domain/mention-textarea';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useDeleteComment } from '../api/delete-comment';
import { useUpdateComment } from '../api/update-comment';

export const DELETE_COMMENT_QUESTION = 'Are you sure you want to delete this comment? This action cannot be undone.';

const actionClassName =
  'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

export interface CommentItemProps {
  comment: Comment;
  isOwn: boolean;
  canEdit: boolean;
  canDelete: boolean;
  mentionables: readonly Mentionable[] | undefined;
}

/**
 * One comment: its author, when, "edited" once its author changed it, and its text as Markdown.
 * Its author may edit it in place (Save/Cancel); its author, a MODERATOR or an ADMIN may delete
 * it, after a confirmation. A failure shows under the comment, where it happened.
 */
export function CommentItem({ comment, isOwn, canEdit, canDelete, mentionables }: CommentItemProps) {
  const updateMutation = useUpdateComment();
  const deleteMutation = useDeleteComment();
  const [draft, setDraft] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldId = useId();
  const isEditing = draft !== null;
  const isBlank = (draft ?? '').trim() === '';

  const startEditing = () => {
    setFailure(null);
    setDraft(comment.comment);
  };
  const cancelEditing = () => {
    setFailure(null);
    setDraft(null);
  };
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null || isBlank || updateMutation.isPending) return;
    setFailure(null);
    updateMutation.mutate(
      { taskId: comment.taskId, commentId: comment._id, comment: draft },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => setFailure(errorMessage(error, 'Failed to update comment')),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
    if (event.key === 'Escape') cancelEditing();
  };
  const remove = () => {
    setFailure(null);
    deleteMutation.mutate(
      { taskId: comment.taskId, commentId: comment._id },
      {
        onError: (error) => setFailure(errorMessage(error, 'Failed to delete comment')),
        onSettled: () => setIsConfirming(false),
      },
    );
  };

  return (
    <li className={cn('flex items-end gap-2', isOwn && 'flex-row-reverse')} data-own={isOwn || undefined} aria-label={`Comment by ${isOwn ? 'you' : comment.userId.fullName}`}>
      <Avatar person={comment.userId} size="sm" />
      <div className={cn('flex min-w-0 flex-col', isEditing ? 'w-full' : 'max-w-[85%]', isOwn ? 'items-end' : 'items-start')}>
        <p className={cn('mb-1 flex items-baseline gap-2 text-xs', isOwn && 'flex-row-reverse')}>
          <span className="font-semibold text-slate-700 dark:text-slate-200">{isOwn ? 'You' : comment.userId.fullName}</span>
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="text-slate-500 dark:text-slate-400">
            {formatRelativeTime(comment.createdAt)}
          </time>
          {comment.editedAt && (
            <span className="text-slate-500 italic dark:text-slate-400" title={`Edited ${formatDateTime(comment.editedAt)}`}>
              edited
            </span>
          )}
        </p>
        {isEditing ? (
          <form onSubmit={save} className="w-full">
            <label htmlFor={fieldId} className="sr-only">
              Edit comment
            </label>
            <MentionTextarea
              id={fieldId}
              rows={3}
              maxLength={5000}
              value={draft}
              onValueChange={setDraft}
              onKeyDown={onKeyDown}
              mentionables={mentionables}
              autoFocus
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? `${fieldId}-error` : undefined}
            />
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="secondary" onClick={cancelEditing} disabled={updateMutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={isBlank} isLoading={updateMutation.isPending}>
                {updateMutation.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        ) : (
          <Markdown
            source={comment.comment}
            className={cn(
              'rounded-2xl px-3.5 py-2 text-sm',
              isOwn
                ? 'rounded-br-md bg-indigo-600 text-white dark:bg-indigo-500'
                : 'rounded-bl-md bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
            )}
          />
        )}
        {failure && (
          <p id={`${fieldId}-error`} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        {!isEditing && (canEdit || canDelete) && (
          <div className={cn('mt-1 flex gap-1', isOwn && 'flex-row-reverse')}>
            {canEdit && (
              <button type="button" className={actionClassName} onClick={startEditing}>
                <Pencil aria-hidden="true" className="size-3" />
                Edit<span className="sr-only"> comment</span>
              </button>
            )}
            {canDelete && (
              <button type="button" className={actionClassName} onClick={() => setIsConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-3" />
                Delete<span className="sr-only"> comment</span>
              </button>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Delete comment"
        message={DELETE_COMMENT_QUESTION}
        pendingLabel="Deleting..."
        isPending={deleteMutation.isPending}
        onConfirm={remove}
      />
    </li>
  );
}
