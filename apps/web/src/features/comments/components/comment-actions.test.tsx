// @vitest-environment jsdom
// Comments render as sanitized Markdown; DOMPurify does not support happy-dom, so this screen's
// tests run in jsdom, as markdown.test.tsx does.
import type { Comment, MemberRole } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderWithQueries } from '@/lib/testing/render';
import { CommentsPanel } from './comments-panel';

const me = person('me', 'Mona Me');
const colleague = person('c1', 'Carl Colleague');
const author = (user: typeof me) => ({ _id: user._id, fullName: user.fullName, email: user.email, avatar: null });
const comment = (id: string, text: string, by: typeof me, editedAt: string | null = null): Comment => ({
  _id: id,
  comment: text,
  taskId: 'task-1',
  userId: author(by),
  createdAt: '2026-01-05T10:00:00.000Z',
  editedAt,
});
const mentionables = [
  { _id: 'me', username: 'mona', fullName: 'Mona Me' },
  { _id: 'c1', username: 'carl.c', fullName: 'Carl Colleague' },
];

const base = '/api/v1/tasks/task-1/comments';

/** The task's comments, and what editing and deleting them answers (`change`: a refusal instead). */
function server(initial: Comment[], change?: (call: Call) => Reply | undefined) {
  let stored = [...initial];
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === base) return { status: 200, body: { success: true, message: 'ok', data: stored, total: stored.length } };
    const refusal = change?.(call);
    if (refusal) return refusal;
    const id = call.path.slice(base.length + 1);
    if (call.method === 'PUT') {
      const edited = { ...stored.find((item) => item._id === id)!, comment: (call.body as { comment: string }).comment.trim(), editedAt: '2026-01-06T09:00:00.000Z' };
      stored = stored.map((item) => (item._id === id ? edited : item));
      return { status: 200, body: { success: true, message: 'Comment updated successfully', data: edited } };
    }
    if (call.method === 'DELETE') {
      stored = stored.filter((item) => item._id !== id);
      return { status: 200, body: { success: true, message: 'Comment deleted successfully' } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = (role: MemberRole = 'MEMBER') =>
  renderWithQueries(
    <>
      <Toaster />
      <CommentsPanel taskId="task-1" currentUserId="me" canComment role={role} mentionables={mentionables} />
    </>,
  );

const item = (name: string) => screen.getByRole('listitem', { name });

describe('CommentsPanel: Markdown, edits and deletions (issue 17)', () => {
  it('shows comments as Markdown, marks edited ones, and offers Edit and Delete only on your own (as a MEMBER)', async () => {
    server([comment('k1', 'Read **this** [spec](https://example.com/spec)', colleague, '2026-01-05T11:00:00.000Z'), comment('k2', '- one\n- two', me)]);
    show();
    await screen.findByRole('list', { name: 'Comments' });
    const theirs = item('Comment by Carl Colleague');
    expect(within(theirs).getByText('this').tagName).toBe('STRONG');
    const link = within(theirs).getByRole('link', { name: 'spec' });
    expect(link.getAttribute('href')).toBe('https://example.com/spec');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(theirs).getByText('edited')).toBeTruthy();
    expect(within(theirs).queryByRole('button')).toBeNull();

    const mine = item('Comment by you');
    expect(within(mine).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['one', 'two']);
    expect(within(mine).queryByText('edited')).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Delete comment' })).toBeTruthy();
  });

  it("a MODERATOR may delete someone else's comment, not edit it", async () => {
    server([comment('k1', 'Spam', colleague)]);
    show('MODERATOR');
    await screen.findByRole('list', { name: 'Comments' });
    const theirs = item('Comment by Carl Colleague');
    expect(within(theirs).getByRole('button', { name: 'Delete comment' })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Edit comment' })).toBeNull();
  });

  it('Edit opens the text in place; Cancel leaves it; Save sends it and shows it edited', async () => {
    const { calls } = server([comment('k2', 'Frist', me)]);
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    await user.click(within(item('Comment by you')).getByRole('button', { name: 'Edit comment' }));
    const field = screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Frist');
    await user.type(field, ' draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull();
    expect(within(item('Comment by you')).getByText('Frist')).toBeTruthy();

    await user.click(within(item('Comment by you')).getByRole('button', { name: 'Edit comment' }));
    const again = screen.getByRole('textbox', { name: 'Edit comment' });
    await user.clear(again);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(again, 'First, *fixed*');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: `${base}/k2`, body: { comment: 'First, *fixed*' } }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit comment' })).toBeNull());
    const mine = item('Comment by you');
    expect(within(mine).getByText('fixed').tagName).toBe('EM');
    expect(within(mine).getByText('edited')).toBeTruthy();
  });

  it("a refused edit keeps the draft open and shows the server's reason under it", async () => {
    server([comment('k2', 'Mine', me)], (call) => (call.method === 'PUT' ? failure(403, 'FORBIDDEN', 'You can only edit your own comments') : undefined));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await screen.findByRole('list', { name: 'Comments' });
    await user.click(within(item('Comment by you')).getByRole('button', { name: 'Edit comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit comment' }), ' more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await within(item('Comment by you')).findByRole('alert');
    expect(alert.textContent).toBe('You can only edit your own comments');
    expect((screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement).value).toBe('Mine more');
  });

  it('Delete asks first; confirmed, the comment goes; a refusal shows under the comment', async () => {
    let isRefused = true;
    const { calls } = server([comment('k1', 'Spam', colleague), comment('k2', 'Mine', me)], (call) =>
      call.method === 'DELETE' && isRefused ? failure(403, 'FORBIDDEN', 'Only its author, a moderator or an admin can delete a comment') : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show('ADMIN');
    await screen.findByRole('list', { name: 'Comments' });

    await user.click(within(item('Comment by Carl Colleague')).getByRole('button', { name: 'Delete comment' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete comment' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this comment? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(item('Comment by Carl Colleague')).getByRole('button', { name: 'Delete comment' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(item('Comment by Carl Colleague')).findByRole('alert')).textContent).toBe(
      'Only its author, a moderator or an admin can delete a comment',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    isRefused = false;
    await user.click(within(item('Comment by Carl Colleague')).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete comment' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Comment by Carl Colleague' })).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', path: `${base}/k1` });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy());
  });

  it("typing @ in the comment box offers the project's members; Enter inserts the username", async () => {
    server([]);
    const user = userEvent.setup();
    show();
    await screen.findByText('No comments yet');
    const box = screen.getByRole('textbox', { name: 'Add a comment' }) as HTMLTextAreaElement;
    await user.type(box, 'Ask @car');
    const listbox = screen.getByRole('listbox', { name: 'Mention a member' });
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Carl Colleague@carl.c']);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Ask @carl.c ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
