import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { boardCard, taskDetail } from '../testing/fixtures';
import { BoardCardView } from '../components/board-card';
import TaskByKeyPage from './task-by-key-page';
import TaskDetailPage from './task-detail-page';

// Issue 18, task keys: the key on the task page with its copy-link button, and /t/{key}.

const stored = taskDetail({ _id: 'task-1', key: 'CP-7', number: 7, title: 'Write the launch plan' });

function serveTask() {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && (path === '/api/v1/tasks/task-1' || path === '/api/v1/tasks/CP-7' || path === '/api/v1/tasks/cp-7'))
      return { status: 200, body: { success: true, message: 'Task fetched successfully', data: stored } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/relations') return { status: 200, body: { success: true, message: 'ok', data: [] } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
      return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
    return failure(404, 'NOT_FOUND', 'Task not found');
  });
}

describe('the task page', () => {
  it("shows the task's key, and its button copies the task's /t/ link and says 'Link copied'", async () => {
    serveTask();
    const user = userEvent.setup();
    renderScreen(
      <TaskDetailPage
        projectId="project-1"
        taskId="task-1"
        members={{ data: [], isLoading: false, isError: false, onRetry: () => {} }}
        currentUserId="me"
        renderComments={() => null}
      />,
      { url: '/dashboard/projects/project-1/features/feature-1/task/task-1', withToasts: true },
    );
    const header = (await screen.findByRole('heading', { name: 'Write the launch plan' })).closest('header')!;
    expect(within(header).getByText('CP-7')).toBeTruthy();
    await user.click(within(header).getByRole('button', { name: 'Copy link to CP-7' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/t/CP-7`);
  });

  it('says so when the link cannot be copied', async () => {
    serveTask();
    const user = userEvent.setup();
    renderScreen(
      <TaskDetailPage
        projectId="project-1"
        taskId="task-1"
        members={{ data: [], isLoading: false, isError: false, onRetry: () => {} }}
        currentUserId="me"
        renderComments={() => null}
      />,
      { url: '/dashboard/projects/project-1/features/feature-1/task/task-1', withToasts: true },
    );
    const button = await screen.findByRole('button', { name: 'Copy link to CP-7' });
    // Refuses this one write only: the clipboard stub outlives the test, and the suite runs shuffled.
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    try {
      await user.click(button);
      expect(await screen.findByText('Could not copy the link')).toBeTruthy();
    } finally {
      refuse.mockRestore();
    }
  });
});

describe('a board card', () => {
  it("shows the task's key", () => {
    renderScreen(<BoardCardView task={boardCard('task-12', 'Ship it', 'TODO', 'a0')} href="/somewhere" />);
    expect(screen.getByText('CP-12')).toBeTruthy();
  });
});

describe('/t/{key}', () => {
  it("opens the task's page in place of the key's address", async () => {
    const { calls } = serveTask();
    const { location } = renderScreen(<TaskByKeyPage />, { url: '/t/cp-7', path: '/t/:key' });
    await waitFor(() => expect(location().pathname).toBe('/dashboard/projects/project-1/features/feature-1/task/task-1'));
    expect(calls.map((call) => pathnameOf(call))).toEqual(['/api/v1/tasks/cp-7']);
    // The router's state moves before React renders the new route: wait for the screen.
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it("says 'Task not found' for a key no task the person can see has", async () => {
    serveTask();
    const { location } = renderScreen(<TaskByKeyPage />, { url: '/t/ZZ-1', path: '/t/:key' });
    expect(await screen.findByText('Task not found')).toBeTruthy();
    expect(screen.getByText(/No task you can see has the key ZZ-1/)).toBeTruthy();
    expect(location().pathname).toBe('/t/ZZ-1');
  });
});
