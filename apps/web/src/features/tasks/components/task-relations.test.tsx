import type { ProjectMember, TaskDetail, TaskRelation } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, pathnameOf, type Call } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import TaskDetailPage from '../pages/task-detail-page';
import { taskCategory, taskDetail } from '../testing/fixtures';

const relation = (id: string, type: TaskRelation['type'], direction: TaskRelation['direction'], number: number, title: string, status: TaskRelation['task']['status'] = 'TODO'): TaskRelation => ({
  _id: id,
  type,
  direction,
  task: { _id: `task-${number}`, key: `CP-${number}`, title, status, featureId: 'feature-1' },
  createdAt: '2026-01-05T00:00:00.000Z',
});

const searchResult = (id: string, title: string, projectId = 'project-1') => ({
  type: 'task',
  _id: id,
  title,
  snippet: title,
  url: `/dashboard/projects/${projectId}/features/feature-1/task/${id}`,
  project: { _id: projectId, name: projectId === 'project-1' ? 'Client Portal' : 'Elsewhere' },
  feature: { _id: 'feature-1', title: 'Launch' },
});

/** The task page's calls, its relations held as the API would: a POST adds one, a DELETE removes it. */
function server(task: TaskDetail, initial: TaskRelation[], options: { refuse?: string } = {}) {
  let relations = [...initial];
  let stored = task;
  return fakeServer((call: Call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1') return { status: 200, body: { success: true, message: 'ok', data: stored } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/attachments')
      return { status: 200, body: { success: true, message: 'ok', data: [], limits: { maxFileSize: 1024, maxFiles: 5 } } };
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [taskCategory('category-1', 'Planning')] } };
    if (call.method === 'GET' && path === '/api/v1/tasks/task-1/relations') return { status: 200, body: { success: true, message: 'ok', data: relations } };
    if (call.method === 'GET' && path === '/api/v1/search')
      return {
        status: 200,
        body: { success: true, message: 'ok', data: [searchResult('task-1', 'Write the launch plan'), searchResult('task-9', 'Launch checklist'), searchResult('task-8', 'Launch party', 'project-2')] },
      };
    if (call.method === 'POST' && path === '/api/v1/tasks/task-1/relations') {
      if (options.refuse) return failure(409, 'CONFLICT', options.refuse);
      const added = relation('relation-new', 'BLOCKS', 'incoming', 9, 'Launch checklist');
      relations = [...relations, added];
      return { status: 201, body: { success: true, message: 'Relation added successfully', data: added } };
    }
    if (call.method === 'DELETE' && path.startsWith('/api/v1/tasks/task-1/relations/')) {
      relations = relations.filter((item) => !path.endsWith(item._id));
      return { status: 200, body: { success: true, message: 'Relation removed successfully' } };
    }
    if (call.method === 'PUT' && path === '/api/v1/tasks/task-1') {
      const { version: _version, ...changes } = call.body as Record<string, unknown>;
      stored = { ...stored, ...(changes as Partial<TaskDetail>), version: stored.version + 1 };
      return { status: 200, body: { success: true, message: 'Task updated successfully', data: { ...stored, history: [] } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

const show = () =>
  renderScreen(
    <TaskDetailPage
      projectId="project-1"
      taskId="task-1"
      members={{ data: [] as ProjectMember[], isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
      renderComments={() => null}
    />,
    { url: '/dashboard/projects/project-1/features/feature-1/task/task-1', withToasts: true },
  );

const blockers = [{ _id: 'task-3', key: 'CP-3', title: 'Design the schema' }];

describe('TaskRelations on the task page (issue 19)', () => {
  it('lists the relations by kind, each a link with its status, and removes one', async () => {
    const { calls } = server(taskDetail(), [
      relation('r1', 'BLOCKS', 'incoming', 3, 'Design the schema'),
      relation('r2', 'RELATES_TO', 'outgoing', 4, 'Write the FAQ', 'COMPLETED'),
      relation('r3', 'BLOCKS', 'outgoing', 5, 'Ship it'),
    ]);
    const user = userEvent.setup();
    show();
    const section = await screen.findByRole('region', { name: /Relations/ });
    const blockedBy = await within(section).findByRole('list', { name: 'Blocked by' });
    expect(within(blockedBy).getByRole('link', { name: /CP-3.*Design the schema/ }).getAttribute('href')).toBe('/dashboard/projects/project-1/features/feature-1/task/task-3');
    expect(within(section).getByRole('list', { name: 'Blocks' }).textContent).toContain('Ship it');
    expect(within(section).getByRole('list', { name: 'Relates to' }).textContent).toContain('Completed');

    await user.click(within(section).getByRole('button', { name: 'Remove relation: relates to CP-4' }));
    await waitFor(() => expect(within(section).queryByRole('list', { name: 'Relates to' })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => pathnameOf(call))).toEqual(['/api/v1/tasks/task-1/relations/r2']);
  });

  it('adds one: a task of the project picked by keyboard from a search (the task itself and other projects left out)', async () => {
    const { calls } = server(taskDetail(), []);
    const user = userEvent.setup();
    show();
    const section = await screen.findByRole('region', { name: /Relations/ });
    expect(await within(section).findByText('No related tasks')).toBeTruthy();
    expect((within(section).getByLabelText('Relation') as HTMLSelectElement).value).toBe('BLOCKED_BY');
    const add = within(section).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    const input = within(section).getByRole('combobox', { name: 'Task' });
    await user.type(input, 'launch');
    const list = await within(section).findByRole('listbox', { name: 'Matching tasks' });
    expect((await within(list).findAllByRole('option')).map((option) => option.textContent)).toEqual(['Launch checklistLaunch']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect((input as HTMLInputElement).value).toBe('Launch checklist');
    await user.click(add);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ type: 'BLOCKED_BY', taskId: 'task-9' }]));
    expect(await within(section).findByRole('list', { name: 'Blocked by' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it("a key typed in full is sent as it is; the server's refusal (a cycle) is shown", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = server(taskDetail(), [], { refuse: 'This would make a cycle of blocking tasks: CP-7 → CP-9 → CP-7' });
    const user = userEvent.setup();
    show();
    const section = await screen.findByRole('region', { name: /Relations/ });
    await user.selectOptions(within(section).getByLabelText('Relation'), 'BLOCKS');
    await user.type(within(section).getByRole('combobox', { name: 'Task' }), 'CP-9');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('This would make a cycle of blocking tasks: CP-7 → CP-9 → CP-7');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ type: 'BLOCKS', taskId: 'CP-9' }]);
  });

  it('offers neither adding nor removing to those who may not edit the task', async () => {
    server(taskDetail({ abilities: { canEdit: false, canDelete: false, canComment: true }, role: 'VIEWER' }), [relation('r1', 'DUPLICATES', 'outgoing', 3, 'Older copy')]);
    show();
    const section = await screen.findByRole('region', { name: /Relations/ });
    expect(await within(section).findByRole('list', { name: 'Duplicates' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Remove relation/ })).toBeNull();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });
});

describe('a blocked task (issue 19)', () => {
  it('shows "Blocked by CP-3", and moving it to In Progress asks first: Cancel sends nothing, "Start anyway" saves', async () => {
    const { calls } = server(taskDetail({ blockedBy: blockers }), [relation('r1', 'BLOCKS', 'incoming', 3, 'Design the schema')]);
    const user = userEvent.setup();
    show();
    expect((await screen.findAllByText('Blocked by CP-3')).length).toBeGreaterThan(0);
    const status = async () => screen.findByRole('button', { name: /^Status of Write the launch plan: Todo/ });
    await user.click(await status());
    await user.click(screen.getByRole('menuitemradio', { name: 'In Progress' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a blocked task?' });
    expect(dialog.textContent).toContain('“Write the launch plan” is blocked by CP-3, which is not finished yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(await status());
    await user.click(screen.getByRole('menuitemradio', { name: 'In Progress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start anyway' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'IN_PROGRESS', version: 1 }]));
  });

  it('another status, or a task nothing blocks, saves without asking', async () => {
    const { calls } = server(taskDetail(), []);
    const user = userEvent.setup();
    show();
    await screen.findByRole('region', { name: /Relations/ });
    expect(screen.queryByText(/Blocked by CP-/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: /^Status of Write the launch plan: Todo/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'In Progress' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'IN_PROGRESS', version: 1 }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
