import type { Comment } from '@tasklane/contract';
import { MessageSquare, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '@/components/domain/query-state';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { errorMessage, useErrorMessage } from '@/lib/errors';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useFailureToast } from '@/lib/use-failure-toast';
import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/get-comments';

function CommentBubble({ comment, isOwn }: { comment: Comment; isOwn: boolean }) {
  return (
    <li className={cn('flex items-end gap-2', isOwn && 'flex-row-reverse')} data-own={isOwn || undefined}>
      <Avatar person={comment.userId} size="sm" />
      <div className={cn('flex max-w-[85%] min-w-0 flex-col', isOwn ? 'items-end' : 'items-start')}>
        <p className={cn('mb-1 flex items-baseline gap-2 text-xs', isOwn && 'flex-row-reverse')}>
          <span className="font-semibold text-slate-700 dark:text-slate-200">{isOwn ? 'You' : comment.userId.fullName}</span>
          <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)} className="text-slate-500 dark:text-slate-400">
            {formatRelativeTime(comment.createdAt)}
          </time>
        </p>
        <p
          className={cn(
            'whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm',
            isOwn
              ? 'rounded-br-md bg-indigo-600 text-white dark:bg-indigo-500'
              : 'rounded-bl-md bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {comment.comment}
        </p>
      </div>
    </li>
  );
}

/**
 * A task's comments (SPEC 2): 'Comments (N)', oldest first, the caller's own on the right and
 * highlighted, and a box to add one (the button is disabled while the text is blank). Every
 * member may comment, VIEWERs included.
 */
export function CommentsPanel({ taskId, currentUserId, canComment }: { taskId: string; currentUserId: string | undefined; canComment: boolean }) {
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
                {comments.map((comment) => (
                  <CommentBubble key={comment._id} comment={comment} isOwn={comment.userId._id === currentUserId} />
                ))}
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
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={5000}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Write a comment..."
            aria-describedby={`${fieldId}-hint`}
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <p id={`${fieldId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
              Ctrl+Enter to send
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
