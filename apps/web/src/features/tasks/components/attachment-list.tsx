import { formatFileSize, type Attachment } from '@tasklane/contract';
import { Download, Trash2 } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { Tooltip } from '@/components/ui/tooltip';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { FileKindIcon } from './file-kind-icon';

export interface AttachmentListProps {
  attachments: readonly Attachment[];
  /** Where each file downloads from. */
  hrefOf: (attachment: Attachment) => string;
  /** Offered only to those who may remove attachments. */
  onRemove?: (attachment: Attachment) => void;
}

const iconLinkClassName =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:bg-indigo-950 dark:hover:text-indigo-300';

/**
 * A task's attachments, oldest first: icon, name (a download link), size, who attached it and
 * when, the upload's description; a download button and, for editors, remove. Downloads are
 * plain links with `download`: the browser streams the file to disk with the session cookie.
 */
export function AttachmentList({ attachments, hrefOf, onRemove }: AttachmentListProps) {
  return (
    <ul aria-label="Attachments" className="divide-y divide-slate-200 dark:divide-slate-800">
      {attachments.map((attachment) => {
        const href = hrefOf(attachment);
        const uploader = attachment.uploadedBy;
        return (
          <li key={attachment._id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <FileKindIcon contentType={attachment.contentType} />
            <div className="min-w-0 flex-1">
              {/* The name downloads too, for the mouse; the button beside it is the keyboard's stop. */}
              <a
                href={href}
                download
                tabIndex={-1}
                title={attachment.name}
                className="block truncate text-sm font-medium text-slate-900 hover:text-indigo-600 hover:underline dark:text-slate-100 dark:hover:text-indigo-400"
              >
                {attachment.name}
              </a>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                <span className="tabular-nums">{formatFileSize(attachment.size)}</span>
                <span aria-hidden="true">·</span>
                <span className="inline-flex min-w-0 items-center gap-1.5">
                  {uploader && (
                    <span aria-hidden="true" className="flex">
                      <Avatar person={uploader} size="xs" />
                    </span>
                  )}
                  <span className="sr-only">Attached by</span>
                  <span className="truncate">{uploader?.fullName ?? 'A former user'}</span>
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={attachment.createdAt} title={formatDateTime(attachment.createdAt)}>
                  {formatRelativeTime(attachment.createdAt)}
                </time>
              </p>
              {attachment.description && (
                <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-xs text-slate-600 dark:text-slate-300">
                  {attachment.description}
                </p>
              )}
            </div>
            <div className="-mr-1 flex shrink-0 items-center gap-0.5">
              <Tooltip content="Download">
                <a href={href} download aria-label={`Download ${attachment.name}`} className={iconLinkClassName}>
                  <Download aria-hidden="true" className="size-4" />
                </a>
              </Tooltip>
              {onRemove && (
                <IconButton
                  label={`Remove ${attachment.name}`}
                  tooltip="Remove attachment"
                  tone="danger"
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                  onClick={() => onRemove(attachment)}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
