import { MAX_ATTACHMENT_DESCRIPTION_LENGTH, type Attachment, type TaskDetail } from '@tasklane/contract';
import { Paperclip, Upload } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { useDeleteAttachment } from '../api/delete-attachment';
import { attachmentFileHref, useAttachments } from '../api/get-attachments';
import { isAbortError, useUploadAttachments } from '../api/upload-attachments';
import { addPickedFiles, checkAttachmentFiles, describeLimits, uploadLabel, type PickedFile } from '../lib/attachment-files';
import { AttachmentList } from './attachment-list';
import { FileDropZone } from './file-drop-zone';
import { PickedFiles } from './picked-files';

/** docs/web.md: the wording of the project delete (SPEC 5) for an attachment. */
export const removeAttachmentMessage = (name: string) => `Are you sure you want to remove "${name}"? This action cannot be undone.`;

export interface TaskAttachmentsProps {
  task: TaskDetail;
  currentUserId: string | undefined;
}

/**
 * The task's files: the list (every member, VIEWERs included, may download) and, for those who
 * may edit the task, a drop zone and file picker, an optional description, the upload with its
 * progress (cancellable), and remove after a confirmation. Files are checked against the
 * server's limits before anything is sent.
 */
export function TaskAttachments({ task, currentUserId }: TaskAttachmentsProps) {
  const id = useId();
  const canEdit = task.abilities.canEdit;
  const listQuery = useAttachments(task._id);
  const upload = useUploadAttachments({ currentUserId });
  const remove = useDeleteAttachment({ currentUserId });
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [description, setDescription] = useState('');
  const [removing, setRemoving] = useState<Attachment | null>(null);

  // The task carries its attachments; the list call adds the limits and is the fresher answer.
  const attachments = listQuery.data?.data ?? task.attachments;
  const limits = listQuery.data?.limits;
  const files = useMemo(() => picked.map((entry) => entry.file), [picked]);
  const check = useMemo(() => checkAttachmentFiles(files, limits), [files, limits]);
  const isUploading = upload.isPending;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0 || check.messages.length > 0 || isUploading) return;
    upload.mutate(
      { task, files, description },
      {
        onSuccess() {
          toast.success(files.length === 1 ? 'Attachment uploaded successfully' : 'Attachments uploaded successfully');
          setPicked([]);
          setDescription('');
        },
        onError(error) {
          if (isAbortError(error)) toast('Upload cancelled');
          else toast.error(errorMessage(error, 'Failed to upload attachments'));
        },
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { task, attachment: removing },
      {
        onSuccess: () => void toast.success('Attachment removed successfully'),
        onError: (error) => void toast.error(errorMessage(error, 'Failed to remove attachment')),
        onSettled: () => setRemoving(null),
      },
    );
  };

  const progress = upload.progress ?? 0;
  return (
    <section aria-labelledby={`${id}-heading`} className={cardClassName}>
      <h2
        id={`${id}-heading`}
        className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white"
      >
        <Paperclip aria-hidden="true" className="size-4.5 text-slate-400" />
        Attachments ({attachments.length})
      </h2>
      <div className="px-5 py-4">
        {attachments.length === 0 ? (
          <p className="py-3 text-center text-sm text-slate-500 dark:text-slate-400">No attachments yet</p>
        ) : (
          <AttachmentList
            attachments={attachments}
            hrefOf={(attachment) => attachmentFileHref(task._id, attachment._id)}
            onRemove={canEdit ? setRemoving : undefined}
          />
        )}
      </div>

      {canEdit && (
        <form onSubmit={send} aria-label="Attach files" className="space-y-3 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <FileDropZone
            id={`${id}-files`}
            hint={limits ? describeLimits(limits) : undefined}
            disabled={isUploading}
            onFiles={(incoming) => setPicked((current) => addPickedFiles(current, incoming))}
          />
          <PickedFiles files={picked} check={check} disabled={isUploading} onRemove={(key) => setPicked((current) => current.filter((entry) => entry.key !== key))} />
          {picked.length > 0 && (
            <>
              <div className="space-y-1.5">
                <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
                  Description <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
                </label>
                <Textarea
                  id={`${id}-description`}
                  rows={2}
                  maxLength={MAX_ATTACHMENT_DESCRIPTION_LENGTH}
                  value={description}
                  disabled={isUploading}
                  placeholder="What are these files?"
                  onChange={(event) => setDescription(event.target.value)}
                />
              </div>
              {isUploading ? (
                <div className="flex items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="mb-1.5 flex justify-between gap-2 text-xs font-medium text-slate-600 dark:text-slate-300">
                      <span role="status">{progress < 1 ? `Uploading ${files.length === 1 ? '1 file' : `${files.length} files`}...` : 'Finishing...'}</span>
                      {/* The progress bar tells assistive technology the number; this is for the eye. */}
                      <span aria-hidden="true" className="tabular-nums">
                        {Math.round(progress * 100)}%
                      </span>
                    </p>
                    <ProgressBar value={progress * 100} label="Upload progress" />
                  </div>
                  <Button variant="secondary" onClick={upload.cancel} disabled={progress >= 1}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setPicked([]);
                      setDescription('');
                    }}
                  >
                    Clear
                  </Button>
                  <Button type="submit" disabled={check.messages.length > 0}>
                    <Upload aria-hidden="true" className="size-4" />
                    {uploadLabel(files.length)}
                  </Button>
                </div>
              )}
            </>
          )}
        </form>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Attachment"
        message={removeAttachmentMessage(removing?.name ?? '')}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}
