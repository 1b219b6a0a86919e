import type { Comment } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredReply, failure, fakeServer, requestLines, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderWithQueries } from '@/lib/testing/render';
import { Toaster } from 'react-hot-toast';
import { CommentsPanel } from './comments-panel';

const me = person('me', 'Mona Me');
const colleague = person('c1', 'Carl Colleague');
const author = (user: typeof me) => ({ _id: user._id, fullName: user.fullName, email: user.email, avatar: null });
const comment = (id: string, text: string, by: typeof me): Comment => ({ _id: id, comment: text, taskId: 'task-1', userId: author(by), createdAt: '2026-01-05T10:00:00.000Z', editedAt: null });

/** The server: the task's comments (a copy, grown by each one added) and adding one. */
function server(initial: Comment[] = [comment('k1', 'Draft is up', colleague), comment('k2', 'Looking now', me)], add?: (call: Call) => Reply | Promise<Reply>) {
  const stored = [...initial];
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/tasks/task-1/comments') return { status: 200, body: { success: true, message: 'Comments fetched', data: stored, total: stored.length } };
    if (call.method === 'POST' && call.path === '/api/v1/tasks/task-1/comments') {
      if (add) return add(call);
      const added = comment(`k${stored.length + 1}`, (call.body as { comment: string }).comment.trim(), me);
      stored.push(added);
      return { status: 201, body: { success: true, message: 'Comment added successfully', data: added } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = (canComment = true) =>
  renderWithQueries(
    <>
      <Toaster />
      <CommentsPanel taskId="task-1" currentUserId="me" canComment={canComment} role="MEMBER" />
    </>,
  );

describe('CommentsPanel', () => {
  it('lists the comments oldest first with their count, the caller\'s own as "You"', async () => {
    server();
    show();
    expect(screen.getByRole('status').textContent).toContain('Loading comments...');
    const list = await screen.findByRole('list', { name: 'Comments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Carl Colleague'), expect.stringContaining('You')]);
    expect(items[0]!.textContent).toContain('Draft is up');
    expect(items[1]!.textContent).toContain('Looking now');
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
  });

  it('says "No comments yet" when there are none', async () => {
    server([]);
    show();
    expect(await screen.findByText('No comments yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });

  it('the button waits for text; adding posts it, clears the box, and the comment joins the list', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    const box = screen.getByLabelText('Add a comment');
    const button = screen.getByRole('button', { name: 'Add Comment' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(box, '   ');
    expect(button.disabled).toBe(true);

    await user.type(box, 'Approved, ship it');
    expect(button.disabled).toBe(false);
    await user.click(button);

    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/v1/tasks/task-1/comments', body: { comment: '   Approved, ship it' } }));
    expect(await screen.findByText('Comment added successfully')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('Approved, ship it')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments (3)' })).toBeTruthy());
  });

  it('Ctrl+Enter sends; Enter alone starts a new line', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    const box = screen.getByLabelText('Add a comment');
    await user.type(box, 'First line{Enter}second line');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/api/v1/tasks/task-1/comments', body: { comment: 'First line\nsecond line' } }));
  });

  it('while adding, the button says "Adding..." and a second send goes nowhere', async () => {
    const pending = deferredReply();
    const { calls } = server(undefined, () => pending.reply);
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    await user.type(screen.getByLabelText('Add a comment'), 'Once');
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeTruthy();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(requestLines(calls).filter((line) => line.startsWith('POST'))).toHaveLength(1);
    pending.answer({ status: 201, body: { success: true, message: 'Comment added successfully', data: comment('k3', 'Once', me) } });
    expect(await screen.findByText('Comment added successfully')).toBeTruthy();
  });

  it("a refused comment keeps the text and shows the server's reason", async () => {
    server(undefined, () => failure(403, 'FORBIDDEN', 'You are no longer a member of this project'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    await user.type(screen.getByLabelText('Add a comment'), 'Still here?');
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText('You are no longer a member of this project')).toBeTruthy();
    expect((screen.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('Still here?');
  });

  it('a failed load says so with Try Again, which loads them', async () => {
    let isDown = true;
    fakeServer(() =>
      isDown ? failure(500, 'INTERNAL', 'Database unavailable') : { status: 200, body: { success: true, message: 'ok', data: [comment('k1', 'Back again', colleague)], total: 1 } },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('without the right to comment there is no box (VIEWERs still read)', async () => {
    server();
    show(false);
    await screen.findByRole('list', { name: 'Comments' });
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
  });
});
