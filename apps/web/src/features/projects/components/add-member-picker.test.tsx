import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call, type Reply } from '@/lib/testing/fake-server';
import { person } from '@/lib/testing/fixtures';
import { renderWithQueries } from '@/lib/testing/render';
import { memberOf, projectWith } from '../testing/fixtures';
import { AddMemberPicker } from './add-member-picker';

const me = person('me', 'Mona Me');
const colleague = person('c1', 'Carl Colleague');
const teammate = person('t1', 'Tina Team');
const newcomer = person('n1', 'Nora New');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The server: the caller's directory (unavailable while `isDown` says so), the lookup by exact
 * email or username, and adding a member.
 */
function server(directory = [me, colleague, teammate], everyone = [me, colleague, teammate, newcomer], isDown = () => false) {
  return fakeServer((call: Call): Reply => {
    const url = new URL(call.path, 'http://tasklane.test');
    if (call.method === 'GET' && url.pathname === '/api/v1/users' && isDown()) {
      return { status: 503, body: { success: false, message: 'The database is unavailable', code: 'SERVICE_UNAVAILABLE' } };
    }
    if (call.method === 'GET' && url.pathname === '/api/v1/users') {
      const email = url.searchParams.get('email');
      const username = url.searchParams.get('username');
      if (email === null && username === null) return { status: 200, body: { success: true, data: directory } };
      const found = everyone.filter((user) => user.email === email || user.username.toLowerCase() === username?.toLowerCase());
      return { status: 200, body: { success: true, data: found } };
    }
    if (call.method === 'POST' && url.pathname === '/api/v1/projects/project-1/members') {
      const { userId, role } = call.body as { userId: string; role: 'MEMBER' };
      const user = everyone.find((candidate) => candidate._id === userId)!;
      return { status: 201, body: { success: true, message: `${user.fullName} added to project successfully!`, data: memberOf(user, role) } };
    }
    return { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } };
  });
}

const project = projectWith([
  [me, 'ADMIN'],
  [teammate, 'MEMBER'],
]);

describe('AddMemberPicker', () => {
  it('offers the people the caller works with who are not members yet, and never lists the instance', async () => {
    const { calls } = server();
    renderWithQueries(<AddMemberPicker project={project} />);

    const offered = await screen.findByRole('list', { name: 'Users to add' });
    expect(within(offered).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Carl Colleague')]);
    expect(screen.queryByText('Nora New')).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/v1/users']);
  });

  it('a failed load of the people says why, and Try Again loads them', async () => {
    let failing = true;
    const { calls } = server(undefined, undefined, () => failing);
    // The screen logs the failure for developers; the test reads it on the screen.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The database is unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Users to add' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/v1/users')).toHaveLength(2);
  });

  it('says so when everyone the caller works with is already in', async () => {
    server([me, teammate]);
    renderWithQueries(<AddMemberPicker project={project} />);
    expect(await screen.findByText('Everyone you work with is already a member of this project')).toBeTruthy();
  });

  it('finds a new colleague by exact email and adds them with the chosen role', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    await screen.findByRole('list', { name: 'Users to add' });

    await user.selectOptions(screen.getByLabelText('Role'), 'VIEWER');
    await user.type(screen.getByLabelText('Find by exact email or username'), '  NORA.New@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const found = await screen.findByRole('list', { name: 'Found user' });
    expect(found.textContent).toContain('Nora New');
    expect(calls.at(-1)).toEqual({ method: 'GET', path: '/api/v1/users?email=nora.new%40example.com', body: undefined });

    await user.click(within(found).getByRole('button', { name: 'Add Nora New' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: '/api/v1/projects/project-1/members', body: { userId: 'n1', role: 'VIEWER' } }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Found user' })).toBeNull());
  });

  it('finds by exact username too', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    await user.type(screen.getByLabelText('Find by exact email or username'), 'nora_new');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByRole('list', { name: 'Found user' })).textContent).toContain('Nora New');
    expect(calls.at(-1)?.path).toBe('/api/v1/users?username=nora_new');
  });

  it('tells "No user with that email or username" when the server finds nobody', async () => {
    server();
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    await user.type(screen.getByLabelText('Find by exact email or username'), 'nobody@example.com{Enter}');
    expect(await screen.findByText('No user with that email or username')).toBeTruthy();
  });

  it('tells when the person found is already a member, with no Add button', async () => {
    server();
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    await user.type(screen.getByLabelText('Find by exact email or username'), 'tina_team{Enter}');
    expect(await screen.findByText('Tina Team is already a member of this project')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Tina Team' })).toBeNull();
  });

  it('shows why an invalid value cannot be looked up, without asking the server', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderWithQueries(<AddMemberPicker project={project} />);
    await screen.findByRole('list', { name: 'Users to add' });
    const field = screen.getByLabelText('Find by exact email or username');

    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText('Enter an email or a username')).toBeTruthy();
    await user.type(field, 'no@pe');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, 'ab{Enter}');
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('?'))).toEqual([]);
  });
});
