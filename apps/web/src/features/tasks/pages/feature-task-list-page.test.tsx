import type { ProjectMember, TaskStatus } from '@tasklane/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredReply, failure, fakeServer, pathnameOf, queryOf, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderScreen } from '@/lib/testing/render';
import type { BoardCard } from '../lib/board';
import { attachmentNamed, boardAnswer, boardCard, taskCategory, taskDetail } from '../testing/fixtures';
import FeatureTaskListPage from './feature-task-list-page';

const URL_OF_PAGE = '/dashboard/projects/project-1/features/feature-1/task';
const colleague = person('c1', 'Carl Colleague');
const members = [{ _id: 'm1', role: 'MEMBER', userId: { _id: colleague._id, fullName: colleague.fullName, email: colleague.email, username: colleague.username, avatar: null }, joinedAt: '2026-01-05T00:00:00.000Z' }] as ProjectMember[];
const statistics = { total: 0, todo: 0, inProgress: 0, inReview: 0, completed: 0, block: 0, cancelled: 0 };

/** Three cards: two to do (Draft above Review), one in progress. */
const cards = (): BoardCard[] => [boardCard('t1', 'Draft the plan', 'TODO', 'a'), boardCard('t2', 'Review the copy', 'TODO', 'b'), boardCard('t3', 'Build the page', 'IN_PROGRESS', 'c')];

interface ServerOptions {
  board?: BoardCard[];
  move?: (call: Call) => Reply | Promise<Reply>;
}

/** The feature's server: its board, an empty table, the TASK categories and limits, creating and moving tasks. */
function server({ board = cards(), move }: ServerOptions = {}) {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'GET' && path === '/api/v1/tasks/board') {
      // The server searches titles, descriptions and tags; these cards' titles stand for all three.
      return { status: 200, body: boardAnswer(board, queryOf(call)) };
    }
    if (call.method === 'GET' && path === '/api/v1/tasks')
      return { status: 200, body: { success: true, message: 'ok', total: 0, data: { tasks: [], statistics, pagination: { currentPage: 1, pages: 0, count: 0 } } } };
    if (call.method === 'GET' && path === '/api/v1/categories') return { status: 200, body: { success: true, categories: [taskCategory('category-1', 'Planning'), taskCategory('category-2', 'Design')] } };
    if (call.method === 'GET' && path === '/api/v1/attachments/limits') return { status: 200, body: { success: true, message: 'ok', data: { maxFileSize: 10 * 1024 * 1024, maxFiles: 5 } } };
    if (call.method === 'POST' && path === '/api/v1/tasks') return { status: 201, body: { success: true, message: 'Task created successfully', data: taskDetail({ _id: 'task-9' }) } };
    if (call.method === 'POST' && path === '/api/v1/tasks/task-9/attachments')
      return { status: 201, body: { success: true, message: 'Attachments added', data: [attachmentNamed('a1', 'brief.txt')] } };
    if (call.method === 'POST' && /^\/api\/v1\/tasks\/[^/]+\/move$/.test(path)) {
      if (move) return move(call);
      const { status } = call.body as { status: TaskStatus };
      return { status: 200, body: { success: true, message: 'Task moved', data: { _id: path.split('/')[4], status, boardRank: 'a0', version: 2 } } };
    }
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

function show({ canEditTasks = true, url = URL_OF_PAGE, state }: { canEditTasks?: boolean; url?: string; state?: unknown } = {}) {
  return renderScreen(
    <FeatureTaskListPage
      projectId="project-1"
      featureId="feature-1"
      project={{ name: 'Client Portal', abilities: { canEditTasks } }}
      feature={{ title: 'Launch', defaultCategoryId: null }}
      members={{ data: members, isLoading: false, isError: false, onRetry: () => {} }}
      currentUserId="me"
    />,
    { url, withToasts: true, state },
  );
}

const columnTitles = (status: string) => {
  const column = screen.getByTestId(`board-column-${status}`);
  return within(column).queryAllByRole('link').map((link) => link.textContent?.trim());
};

async function openBoard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Board' }));
  await screen.findByRole('region', { name: 'Task board' });
}

describe('The board: moving a card', () => {
  // The columns are virtualized: they render the cards that fit their height, which a DOM
  // without layout reports as 0. Give every element a screen's size.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });

  it('"Move to…" puts the card on top of the other column at once, and posts the move with its neighbours and version', async () => {
    const answer = deferredReply();
    const { calls } = server({ move: () => answer.reply });
    const user = userEvent.setup();
    show();
    await openBoard(user);
    await waitFor(() => expect(columnTitles('TODO')).toEqual([expect.stringContaining('Draft the plan'), expect.stringContaining('Review the copy')]));

    await user.click(screen.getByRole('button', { name: 'Move Review the copy to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In Progress' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/tasks/t2/move',
      body: { status: 'IN_PROGRESS', afterId: null, beforeId: 't3', version: 1 },
    });
    // Shown before the server answers.
    await waitFor(() => expect(columnTitles('IN_PROGRESS')).toEqual([expect.stringContaining('Review the copy'), expect.stringContaining('Build the page')]));
    expect(columnTitles('TODO')).toEqual([expect.stringContaining('Draft the plan')]);

    answer.answer({ status: 200, body: { success: true, message: 'Task moved', data: { _id: 't2', status: 'IN_PROGRESS', boardRank: 'b', version: 2 } } });
    await waitFor(() => expect(calls.filter((call) => pathnameOf(call) === '/api/v1/tasks/board').length).toBeGreaterThan(1));
  });

  it('a card an unfinished task blocks shows "Blocked by", and moving it to In Progress asks first (issue 19)', async () => {
    const blocked = boardCard('t2', 'Review the copy', 'TODO', 'b', { blockedBy: [{ _id: 't9', key: 'CP-9', title: 'Write the copy' }] });
    const { calls } = server({ board: [boardCard('t1', 'Draft the plan', 'TODO', 'a'), blocked, boardCard('t3', 'Build the page', 'IN_PROGRESS', 'c')] });
    const user = userEvent.setup();
    show();
    await openBoard(user);
    await waitFor(() => expect(columnTitles('TODO')).toHaveLength(2));
    expect(within(screen.getByTestId('board-column-TODO')).getAllByText('Blocked by CP-9').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Move Review the copy to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In Progress' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start a blocked task?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(columnTitles('TODO')).toHaveLength(2);

    // "Start anyway" moves it.
    await user.click(screen.getByRole('button', { name: 'Move Review the copy to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In Progress' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start anyway' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => pathnameOf(call))).toEqual(['/api/v1/tasks/t2/move']));
    // A card nothing blocks moves without a question.
    await user.click(screen.getByRole('button', { name: 'Move Draft the plan to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'In Review' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
  });

  it("a refused move puts the card back where it was and says why", async () => {
    const answer = deferredReply();
    server({ move: () => answer.reply });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await openBoard(user);
    await waitFor(() => expect(columnTitles('TODO')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Move Draft the plan to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    await waitFor(() => expect(columnTitles('COMPLETED')).toEqual([expect.stringContaining('Draft the plan')]));

    answer.answer(failure(409, 'CONFLICT', 'This task was changed by someone else: reload it and try again'));
    expect(await screen.findByText('This task was changed by someone else: reload it and try again')).toBeTruthy();
    await waitFor(() => expect(columnTitles('TODO')).toEqual([expect.stringContaining('Draft the plan'), expect.stringContaining('Review the copy')]));
    expect(columnTitles('COMPLETED')).toEqual([]);
  });

  it('the board follows the status filter of the URL: only its columns are shown', async () => {
    server();
    const user = userEvent.setup();
    show({ url: `${URL_OF_PAGE}?status=IN_PROGRESS` });
    await openBoard(user);
    expect(within(screen.getByRole('region', { name: 'Task board' })).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['In Progress']);
    expect(columnTitles('IN_PROGRESS')).toEqual([expect.stringContaining('Build the page')]);
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('IN_PROGRESS');
  });

  it('the search box writes the URL once typing pauses, and the board shows the matching cards; Clear filters empties both', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = show();
    await openBoard(user);
    await waitFor(() => expect(columnTitles('TODO')).toHaveLength(2));

    await user.type(screen.getByLabelText('Search tasks'), 'review');
    await waitFor(() => expect(new URLSearchParams(location().search).get('search')).toBe('review'));
    await waitFor(() => expect(columnTitles('TODO')).toEqual([expect.stringContaining('Review the copy')]));
    expect(columnTitles('IN_PROGRESS')).toEqual([]);
    // The board asked the server, which also searches what a card does not show (the description).
    expect(calls.filter((call) => pathnameOf(call) === '/api/v1/tasks/board').map(queryOf)).toContainEqual({ featureId: 'feature-1', search: 'review' });
    expect(screen.getByText('1 task of 3')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Filter by priority'), 'HIGH');
    await waitFor(() => expect(new URLSearchParams(location().search).get('priority')).toBe('HIGH'));
    expect(await screen.findByText('No tasks found')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(location().search).toBe(''));
    expect((screen.getByLabelText('Search tasks') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(columnTitles('TODO')).toHaveLength(2));
  });

  it('someone who may not move cards gets neither handles nor menus, and is told so', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show({ canEditTasks: false });
    await openBoard(user);
    await waitFor(() => expect(columnTitles('TODO')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.getByText(/only members, moderators and admins move cards/)).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('The board: a page of cards at a time', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  });

  /** 130 cards to do (ranks b000 to b129, top to bottom) and one in progress. */
  const manyCards = () => [
    ...Array.from({ length: 130 }, (_, index) => boardCard(`t${index}`, `Card ${index}`, 'TODO', `b${String(index).padStart(3, '0')}`)),
    boardCard('p1', 'In flight', 'IN_PROGRESS', 'c'),
  ];
  const boardCalls = (calls: Call[]) => calls.filter((call) => pathnameOf(call) === '/api/v1/tasks/board').map(queryOf);

  it('a column shows its whole count; "Load more" (the keyboard\'s way; scrolling does it too) loads the next cards of that column only', async () => {
    const { calls } = server({ board: manyCards() });
    const user = userEvent.setup();
    show();
    await openBoard(user);
    const todo = await screen.findByRole('region', { name: 'Todo' });
    expect(within(todo).getByLabelText('130 tasks')).toBeTruthy();
    expect(screen.getByText(/101 loaded; scroll a column for more/)).toBeTruthy();
    // In progress has all its cards: nothing more to load there.
    expect(within(screen.getByRole('region', { name: 'In Progress' })).queryByRole('button', { name: /^Load more/ })).toBeNull();

    await user.click(within(todo).getByRole('button', { name: 'Load more Todo tasks (30 more)' }));
    await waitFor(() => expect(within(todo).queryByRole('button', { name: /^Load more/ })).toBeNull());
    const next = boardCalls(calls).at(-1)!;
    expect(next).toMatchObject({ featureId: 'feature-1', status: 'TODO', limit: '100', after: expect.any(String) });
    expect(screen.queryByText(/loaded; scroll a column for more/)).toBeNull();
    expect(screen.getByText('131 tasks')).toBeTruthy();
  });

  it('after a move the board is read again with as many cards as were loaded, and a move into a column not all loaded counts in its total', async () => {
    const answer = deferredReply();
    const { calls } = server({ board: manyCards(), move: () => answer.reply });
    const user = userEvent.setup();
    show();
    await openBoard(user);
    const todo = await screen.findByRole('region', { name: 'Todo' });
    await user.click(within(todo).getByRole('button', { name: /^Load more Todo tasks/ }));
    await waitFor(() => expect(within(todo).queryByRole('button', { name: /^Load more/ })).toBeNull());
    const before = boardCalls(calls).length;

    await user.click(screen.getByRole('button', { name: 'Move In flight to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Todo' }));
    await waitFor(() => expect(within(todo).getByLabelText('131 tasks')).toBeTruthy());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 'TODO', afterId: null, beforeId: 't0', version: 1 });
    answer.answer({ status: 200, body: { success: true, message: 'Task moved', data: { _id: 'p1', status: 'TODO', boardRank: 'a', version: 2 } } });
    // The refetch: the first page of every column, then the rest of what Todo had loaded (131 with the moved card).
    await waitFor(() => expect(boardCalls(calls).length).toBe(before + 2));
    expect(boardCalls(calls).slice(before)).toEqual([
      { featureId: 'feature-1' },
      { featureId: 'feature-1', status: 'TODO', after: expect.any(String), limit: '31' },
    ]);
    expect(within(todo).queryByRole('button', { name: /^Load more/ })).toBeNull();
  });
});

describe('The table: its filters are the URL, and the URL is the request', () => {
  const lastListQuery = (calls: Call[]) => queryOf(calls.filter((call) => pathnameOf(call) === '/api/v1/tasks' && call.method === 'GET').at(-1)!);

  it('opens with the filters of the URL, and asks the server for exactly them', async () => {
    const { calls } = server();
    show({ url: `${URL_OF_PAGE}?search=plan&status=PENDING&priority=HIGH&page=2` });
    await screen.findByText('No tasks found');
    expect(lastListQuery(calls)).toEqual({ featureId: 'feature-1', page: '2', limit: expect.any(String), search: 'plan', status: 'PENDING', priority: 'HIGH', sortBy: 'createdAt', sortOrder: 'desc' });
    expect((screen.getByLabelText('Search tasks') as HTMLInputElement).value).toBe('plan');
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('PENDING');
    expect((screen.getByLabelText('Filter by priority') as HTMLSelectElement).value).toBe('HIGH');
  });

  it('a new filter goes back to page 1, in the URL and in the request', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    const { location } = show({ url: `${URL_OF_PAGE}?page=3` });
    await screen.findByText('No tasks found');
    await user.selectOptions(screen.getByLabelText('Filter by priority'), 'LOW');
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(location().search))).toEqual({ priority: 'LOW' }));
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '1', priority: 'LOW' }));
  });
});

describe('The Create Task form', () => {
  async function openForm(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('No tasks found');
    await user.click(screen.getAllByRole('button', { name: 'Create Task' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await within(dialog).findByRole('option', { name: 'Design' });
    return dialog;
  }

  it('offers LOW to HIGH, asks for a title and category, and sends nothing until they are there', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const dialog = await openForm(user);
    expect(within(within(dialog).getByLabelText('Priority')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Low', 'Medium', 'High']);
    expect(within(dialog).getByRole('option', { name: 'Carl Colleague' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('maps the fields to the body: tags split, empty hours and dates left out, the blocked reason only while BLOCKED', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Title'), 'Write the launch plan');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'category-2');
    await user.selectOptions(within(dialog).getByLabelText('Assignee'), 'c1');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'HIGH');
    expect(within(dialog).queryByLabelText('Blocked Reason')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'BLOCKED');
    await user.type(await within(dialog).findByLabelText('Blocked Reason'), 'Waiting for the copy');
    await user.type(within(dialog).getByLabelText('Estimated Hours'), '8');
    await user.type(within(dialog).getByLabelText('Tags'), 'launch, , copy');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/tasks',
      body: {
        title: 'Write the launch plan',
        description: '',
        status: 'BLOCKED',
        priority: 'HIGH',
        categoryId: 'category-2',
        assigneeId: 'c1',
        estimatedHours: 8,
        tags: ['launch', 'copy'],
        blockedReason: 'Waiting for the copy',
        featureId: 'feature-1',
        projectId: 'project-1',
      },
    });
    expect(await screen.findByText('Task created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Task' })).toBeNull());
  });

  it('a reason typed before leaving BLOCKED is not sent', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Write the launch plan');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'category-1');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'BLOCKED');
    await user.type(await within(dialog).findByLabelText('Blocked Reason'), 'Waiting');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'IN_PROGRESS');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'IN_PROGRESS', categoryId: 'category-1' });
    expect(body).not.toHaveProperty('blockedReason');
    expect(body).not.toHaveProperty('assigneeId');
    expect(body).not.toHaveProperty('estimatedHours');
    expect(body).not.toHaveProperty('dueDate');
  });

  it('with files: creates the task, uploads them to it, and closes', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    show();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Write the launch plan');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'category-1');
    const picker = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, new File(['hello'], 'brief.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText('brief.txt')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));

    expect(await screen.findByText('Attachment uploaded successfully')).toBeTruthy();
    const lines = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(lines).toEqual(['/api/v1/tasks', '/api/v1/tasks/task-9/attachments']);
    expect(calls.find((call) => call.path === '/api/v1/tasks/task-9/attachments')!.body).toEqual([['files', 'brief.txt']]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Task' })).toBeNull());
  });
});

describe('The keyboard (issue 18)', () => {
  it("opens Create Task when the palette's \"Create task in <feature>\" led here, and again with c", async () => {
    server();
    const user = userEvent.setup();
    const { router } = show({ state: { create: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Create Task' });
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    await user.keyboard('c');
    expect(await screen.findByRole('dialog', { name: 'Create Task' })).toBeTruthy();
  });

  it('c does nothing for someone who may not create tasks', async () => {
    server();
    const user = userEvent.setup();
    show({ canEditTasks: false, state: { create: true } });
    await screen.findByText('No tasks found');
    await user.keyboard('c');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
