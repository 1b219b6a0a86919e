import { canDeleteComment, canEditComment, type MemberRole } from '@tasklane/contract';
import { MessageSquare, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { MentionTextarea, type Mentionable } from '@/components/domain/mention-textarea';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/get-comments';
import { CommentItem } from './comment-item';

export interface CommentsPanelProps {
  taskId: string;
  currentUserId: string | undefined;
  canComment: boolean;
  /** The caller's role in the task's project: a MODERATOR or ADMIN deletes anyone's comment. */
  role: MemberRole;
  /** The project's members, offered while a `@mention` is typed (undefined while they load). */
  mentionables?: readonly Mentionable[];
}

/**
 * A task's comments (SPEC 2): 'Comments (N)', oldest first, the caller's own on the right and
 * highlighted, and a box to add one (the button is disabled while the text is blank). Every
 * member may comment, VIEWERs included. Comments are Markdown; their authors edit and delete
 * them, MODERATORs and ADMINs delete any (issue 17).
 */
export function CommentsPanel({ taskId, currentUserId, canComment, role, mentionables }: CommentsPanelProps) {
  const commentsQuery = useComments(taskId);
  const addMutation = useAddComment();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const fieldId = useId();
  const failure = useErrorMessage(commentsQuery.error, 'Failed to fetch comments');
  useFailureToast(failure, 'comments-fetch');

  const comments = commentsQuery.data?.data ?? [];
  const count = commentsQuery.data?.total ?? comments.length;

  // New comments appear at the bottom: keep them in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [comments.length]);

  const isBlank = text.trim() === '';
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (isBlank || addMutation.isPending) return;
    addMutation.mutate(
      { taskId, comment: text },
      {
        onSuccess() {
          toast.success('Comment added successfully');
          setText('');
        },
        onError: (error) => void toast.error(errorMessage(error, 'Failed to add comment')),
      },
    );
  };
  // Ctrl+Enter (Cmd+Enter on a Mac) sends, as in most chat boxes; Enter alone starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <section aria-labelledby={`${fieldId}-heading`} className={cn(cardClassName, 'flex flex-col')}>
      <h2 id={`${fieldId}-heading`} className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        <MessageSquare aria-hidden="true" className="size-4.5 text-slate-400" />
        Comments ({count})
      </h2>
      <div className="px-5 py-4">
        <QueryState
          query={commentsQuery}
          loading={
            <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500 dark:text-slate-400">
              <Spinner className="size-4" />
              Loading comments...
            </p>
          }
          errorMessage={failure ?? 'Failed to fetch comments'}
        >
          {() =>
            comments.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">No comments yet</p>
            ) : (
              <ol ref={listRef} aria-label="Comments" className="-mx-1 max-h-[32rem] space-y-4 overflow-y-auto px-1 py-1">
                {comments.map((comment) => {
                  const isOwn = comment.userId._id === currentUserId;
                  return (
                    <CommentItem
                      key={comment._id}
                      comment={comment}
                      isOwn={isOwn}
                      canEdit={canEditComment(isOwn)}
                      canDelete={canDeleteComment(role, isOwn)}
                      mentionables={mentionables}
                    />
                  );
                })}
              </ol>
            )
          }
        </QueryState>
      </div>
      {canComment && (
        <form onSubmit={submit} className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <label htmlFor={fieldId} className="sr-only">
            Add a comment
          </label>
          <MentionTextarea
            id={fieldId}
            rows={3}
            maxLength={5000}
            value={text}
            onValueChange={setText}
            onKeyDown={onKeyDown}
            mentionables={mentionables}
            placeholder="Write a comment..."
            aria-describedby={`${fieldId}-hint`}
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
              Markdown and @mentions; Ctrl+Enter to send
            </p>
            <Button type="submit" disabled={isBlank} isLoading={addMutation.isPending}>
              {!addMutation.isPending && <Send aria-hidden="true" className="size-4" />}
              {addMutation.isPending ? 'Adding...' : 'Add Comment'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
