import type { Attachment } from '@tasklane/contract';
import type { AttachmentRow } from './attachments.repo.js';

export function presentAttachment(row: AttachmentRow): Attachment {
  const uploader = row.uploadedBy;
  return {
    _id: row.id,
    name: row.name,
    size: Number(row.size),
    contentType: row.contentType,
    description: row.description,
    uploadedBy: uploader
      ? { _id: uploader.id, fullName: uploader.fullName, username: uploader.username, email: uploader.email, avatar: uploader.avatar }
      : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
