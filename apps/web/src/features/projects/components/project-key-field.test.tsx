import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { projectWith } from '../testing/fixtures';
import { CreateProjectPanel } from './create-project-panel';
import { EditProjectDialog } from './edit-project-dialog';

// Issue 18, task keys: the project form's Key field.

function serveProjects() {
  return fakeServer((call) => {
    const path = pathnameOf(call);
    if (call.method === 'POST' && path === '/api/v1/projects') {
      const body = call.body as { key?: string };
      if (body.key === 'WEB') {
        const message = 'Key WEB is already used by another project';
        return { status: 409, body: { success: false, code: 'CONFLICT', message, errors: [{ field: 'key', message }] } };
      }
      return { status: 201, body: { success: true, message: 'Project created successfully!', data: { ...projectWith([]), key: body.key ?? 'WP' } } };
    }
    if (call.method === 'PUT' && path === '/api/v1/projects/project-1')
      return { status: 200, body: { success: true, message: 'Project updated successfully!', data: projectWith([]) } };
    return failure(404, 'NOT_FOUND', 'Not found');
  });
}

describe('Create Project: the key', () => {
  it('is proposed from the name as it is typed, and then not sent (the server proposes the same or the next free one)', async () => {
    const { calls } = serveProjects();
    const user = userEvent.setup();
    renderScreen(<CreateProjectPanel workspaceId="workspace-1" onClose={() => {}} />, { withToasts: true });
    const key = screen.getByLabelText('Key') as HTMLInputElement;
    await user.type(screen.getByLabelText('Project Name'), 'Web');
    expect(key.value).toBe('WEB');
    await user.type(screen.getByLabelText('Project Name'), ' Platform');
    expect(key.value).toBe('WP');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('key');
  });

  it('is sent, upper-cased, once the person types their own; a taken key shows on the field', async () => {
    const { calls } = serveProjects();
    const user = userEvent.setup();
    renderScreen(<CreateProjectPanel workspaceId="workspace-1" onClose={() => {}} />, { withToasts: true });
    await user.type(screen.getByLabelText('Project Name'), 'Website');
    const key = screen.getByLabelText('Key') as HTMLInputElement;
    await user.clear(key);
    await user.type(key, 'web');
    await user.type(screen.getByLabelText('Project Name'), ' redesign');
    expect(key.value).toBe('web');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Key WEB is already used by another project')).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ name: 'Website redesign', key: 'WEB' });
    expect(key.getAttribute('aria-invalid')).toBe('true');

    await user.clear(key);
    await user.type(key, 'W1');
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Key must be 2 to 6 letters A–Z')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('Edit Project: the key', () => {
  it('an ADMIN may change it', async () => {
    const { calls } = serveProjects();
    const user = userEvent.setup();
    renderScreen(<EditProjectDialog project={projectWith([], 'ADMIN')} onClose={() => {}} />, { withToasts: true });
    const key = (await screen.findByLabelText('Key')) as HTMLInputElement;
    expect(key.value).toBe('CP');
    expect(key.readOnly).toBe(false);
    await user.clear(key);
    await user.type(key, 'port');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ key: 'PORT' });
  });

  it('anyone else sees it read-only, with the reason, and does not send it', async () => {
    const { calls } = serveProjects();
    const user = userEvent.setup();
    renderScreen(<EditProjectDialog project={projectWith([], 'MODERATOR')} onClose={() => {}} />, { withToasts: true });
    const key = (await screen.findByLabelText('Key')) as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    expect(screen.getByText('Only admins can change the key.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('key');
  });
});
