import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderWithQueries } from '@/lib/testing/render';
import { projectWith } from '../testing/fixtures';
import { LeaveProject } from './leave-project';

const me = person('me', 'Mona Me');
const admin = person('a1', 'Ada Admin');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const removed: Reply = { status: 200, body: { success: true, message: 'Member removed from project successfully!' } };

describe('LeaveProject', () => {
  it('a member leaves through the confirmation: their own membership is deleted, then onLeft', async () => {
    const { calls } = fakeServer(() => removed);
    const onLeft = vi.fn();
    const user = userEvent.setup();
    const project = projectWith([[admin, 'ADMIN'], [me, 'VIEWER']], 'VIEWER');
    renderWithQueries(<LeaveProject project={project} currentUserId="me" onLeft={onLeft} />);

    await user.click(screen.getByRole('button', { name: 'Leave project' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Leave Project' });
    expect(confirm.textContent).toContain('Are you sure you want to leave "Client Portal"?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    expect(onLeft).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Leave project' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await vi.waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/v1/projects/project-1/members/me', body: undefined }]);
  });

  it('an admin may leave while another admin remains', () => {
    fakeServer(() => removed);
    renderWithQueries(<LeaveProject project={projectWith([[admin, 'ADMIN'], [me, 'ADMIN']])} currentUserId="me" onLeft={() => {}} />);
    expect(screen.getByRole('button', { name: 'Leave project' })).toBeTruthy();
  });

  it('is not offered to the last admin, nor to a workspace owner who is not a member', () => {
    fakeServer(() => removed);
    renderWithQueries(
      <>
        <LeaveProject project={projectWith([[me, 'ADMIN'], [admin, 'MEMBER']])} currentUserId="me" onLeft={() => {}} />
        <LeaveProject project={projectWith([[admin, 'ADMIN']])} currentUserId="me" onLeft={() => {}} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Leave project' })).toBeNull();
  });

  it('a refusal shows the server\'s reason and stays on the page', async () => {
    fakeServer(() => ({ status: 409, body: { success: false, code: 'CONFLICT', message: 'You are the last admin of this project: make another member admin before leaving' } }));
    const onLeft = vi.fn();
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithQueries(
      <>
        <Toaster />
        <LeaveProject project={projectWith([[admin, 'ADMIN'], [me, 'MEMBER']], 'MEMBER')} currentUserId="me" onLeft={onLeft} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Leave project' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You are the last admin of this project: make another member admin before leaving')).toBeTruthy();
    expect(onLeft).not.toHaveBeenCalled();
  });
});
