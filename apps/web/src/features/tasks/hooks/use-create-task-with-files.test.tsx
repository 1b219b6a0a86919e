import { act, screen, waitFor } from '@testing-library/react';
import type { TaskFormData } from '@tasklane/contract';
import { describe, expect, it, vi } from 'vitest';
import { deferredReply, failure, fakeServer, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { renderHookWithQueries } from '@/lib/testing/render';
import { attachmentNamed, taskDetail } from '../testing/fixtures';
import { useCreateTaskWithFiles } from './use-create-task-with-files';

const form: TaskFormData = {
  title: 'Write the launch plan',
  description: '',
  status: 'TODO',
  priority: 'HIGH',
  categoryId: 'category-1',
  assigneeId: null,
  dueDate: null,
  estimatedHours: null,
  actualHours: null,
  tags: ['launch'],
  blockedReason: '',
};

const created = taskDetail({ _id: 'task-9', title: 'Write the launch plan', priority: 'HIGH', tags: ['launch'] });
const file = (name: string) => new File(['hi'], name, { type: 'text/plain' });

/** The server: creating the task answers `created`; the upload answers `upload` (all attachments by default). */
function server(upload: (call: Call) => Reply | Promise<Reply> = () => ({ status: 201, body: { success: true, message: 'Attachments added', data: [attachmentNamed('a1', 'notes.txt')] } })) {
  return fakeServer((call) => {
    if (call.method === 'POST' && call.path === '/api/v1/tasks') return { status: 201, body: { success: true, message: 'Task created successfully', data: created } };
    if (call.method === 'POST' && call.path === '/api/v1/tasks/task-9/attachments') return upload(call);
    // Refreshes after the change: whatever the caches ask for, answered "not found" (nothing is shown).
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const setup = () => renderHookWithQueries(() => useCreateTaskWithFiles({ projectId: 'project-1', featureId: 'feature-1', currentUserId: 'me' }));

describe('useCreateTaskWithFiles', () => {
  it('creates the task in its feature and project, and with no files stops there', async () => {
    const { calls } = server();
    const onCreated = vi.fn();
    const { result } = setup();

    act(() => result.current.create(form, [], { onCreated }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/v1/tasks',
      body: { title: 'Write the launch plan', description: '', status: 'TODO', priority: 'HIGH', categoryId: 'category-1', tags: ['launch'], featureId: 'feature-1', projectId: 'project-1' },
    });
    expect(requestLines(calls).filter((line) => line.includes('attachments'))).toEqual([]);
    expect(await screen.findByText('Task created successfully')).toBeTruthy();
  });

  it('then uploads the files to the new task, reporting progress while they go, and says both succeeded', async () => {
    const upload = deferredReply();
    const { calls } = server(() => upload.reply);
    const onCreated = vi.fn();
    const { result } = setup();

    act(() => result.current.create(form, [file('notes.txt'), file('plan.txt')], { onCreated }));
    await waitFor(() => expect(result.current.uploadProgress).toBe(0));
    expect(result.current.isPending).toBe(true);
    const uploadCall = calls.find((call) => call.path === '/api/v1/tasks/task-9/attachments');
    expect(uploadCall).toEqual({ method: 'POST', path: '/api/v1/tasks/task-9/attachments', body: [['files', 'notes.txt'], ['files', 'plan.txt']] });
    expect(requestLines(calls).indexOf('POST /api/v1/tasks')).toBeLessThan(requestLines(calls).indexOf('POST /api/v1/tasks/task-9/attachments'));

    upload.answer({ status: 201, body: { success: true, message: 'Attachments added', data: [attachmentNamed('a1', 'notes.txt'), attachmentNamed('a2', 'plan.txt')] } });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(await screen.findByText('Task created successfully')).toBeTruthy();
    expect(await screen.findByText('Attachments uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.uploadProgress).toBeNull();
  });

  it('says "Attachment uploaded successfully" for one file', async () => {
    server();
    const onCreated = vi.fn();
    const { result } = setup();
    act(() => result.current.create(form, [file('notes.txt')], { onCreated }));
    expect(await screen.findByText('Attachment uploaded successfully')).toBeTruthy();
    expect(onCreated).toHaveBeenCalledOnce();
  });

  it("a refused upload: the task exists, the toast gives the server's reason, and the caller is told", async () => {
    server(() => failure(413, 'PAYLOAD_TOO_LARGE', 'Too many files: at most 5 can be uploaded at once'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onCreated = vi.fn();
    const onUploadFailed = vi.fn();
    const { result } = setup();

    act(() => result.current.create(form, [file('notes.txt')], { onCreated, onUploadFailed }));
    expect(
      await screen.findByText('Task created, but its attachments were not uploaded: Too many files: at most 5 can be uploaded at once'),
    ).toBeTruthy();
    expect(onUploadFailed).toHaveBeenCalledWith(created);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('a cancelled upload says so', async () => {
    const upload = deferredReply();
    server(() => upload.reply);
    const onUploadFailed = vi.fn();
    const { result } = setup();

    act(() => result.current.create(form, [file('notes.txt')], { onUploadFailed }));
    await waitFor(() => expect(result.current.uploadProgress).toBe(0));
    act(() => result.current.cancelUpload());
    expect(await screen.findByText('Task created, but its attachments were not uploaded: the upload was cancelled')).toBeTruthy();
    expect(onUploadFailed).toHaveBeenCalledWith(created);
  });

  it("a refused task: the server's message, and no upload", async () => {
    const { calls } = fakeServer(() => failure(400, 'VALIDATION_ERROR', 'Category not found', [{ field: 'categoryId', message: 'Category not found' }]));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onCreated = vi.fn();
    const onUploadFailed = vi.fn();
    const { result } = setup();

    act(() => result.current.create(form, [file('notes.txt')], { onCreated, onUploadFailed }));
    expect(await screen.findByText('Category not found')).toBeTruthy();
    expect(requestLines(calls)).toEqual(['POST /api/v1/tasks']);
    expect(onCreated).not.toHaveBeenCalled();
    expect(onUploadFailed).not.toHaveBeenCalled();
  });
});
