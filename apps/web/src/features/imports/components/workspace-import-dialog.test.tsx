import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import WorkspaceImportDialog from './workspace-import-dialog';

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  _id: 'job-1',
  source: 'csv',
  status: 'QUEUED',
  fileName: 'tasks.csv',
  progress: { done: 0, total: 3 },
  summary: { created: {}, skipped: [], skippedCount: 0 },
  workspaceId: 'ws-1',
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const csv = ['Summary,Details,Due,Owner', 'Plan,First,2030-01-02,ann@example.com', 'Build,,2030-01-03,', ',No title,,'].join('\n');

function render(isOwner = true) {
  return renderScreen(
    <WorkspaceImportDialog open onOpenChange={() => {}} workspaceId="ws-1" isOwner={isOwner} projects={[{ _id: 'project-1', name: 'Site' }]} />,
  );
}

describe('WorkspaceImportDialog', () => {
  it('maps a CSV from its header and preview, sends the mapping and target, then shows progress and the summary', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer((call) => {
      if (call.method === 'POST' && call.path === '/api/v1/workspaces/ws-1/imports') return { status: 202, body: { success: true, message: 'Import started', data: job() } };
      if (call.method === 'GET' && call.path === '/api/v1/imports/job-1') {
        return {
          status: 200,
          body: {
            success: true,
            message: 'Import fetched successfully',
            data: job({
              status: 'COMPLETED',
              projectId: 'project-1',
              progress: { done: 3, total: 3 },
              summary: { created: { tasks: 2, features: 1 }, skipped: [{ item: 'Row 4', reason: 'Title is required' }], skippedCount: 1 },
              finishedAt: '2030-01-01T00:00:05.000Z',
            }),
          },
        };
      }
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    render();

    await user.click(screen.getByRole('radio', { name: 'CSV of tasks' }));
    await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'tasks.csv', { type: 'text/csv' }));
    // The preview: the header and the first rows; the mapping guessed from the header's names.
    expect(await screen.findByRole('columnheader', { name: 'Summary' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Plan' })).toBeTruthy();
    expect(screen.getByText('Preview (3 of 3 rows)')).toBeTruthy();
    expect((screen.getByLabelText('Title (required)') as HTMLSelectElement).value).toBe('Summary');
    expect((screen.getByLabelText('Description') as HTMLSelectElement).value).toBe('Details');
    expect((screen.getByLabelText('Assignee (email)') as HTMLSelectElement).value).toBe('Owner');
    expect((screen.getByLabelText('New project name') as HTMLInputElement).value).toBe('tasks');

    // Guessed too; the person may change any of them.
    expect((screen.getByLabelText('Due date') as HTMLSelectElement).value).toBe('Due');
    await user.selectOptions(screen.getByLabelText('Priority'), 'Not imported');
    await user.selectOptions(screen.getByLabelText('Import into'), 'project-1');
    await user.click(screen.getByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const upload = calls.find((call) => call.method === 'POST')!;
    const fields = upload.body as Array<[string, string]>;
    expect(fields.map(([field]) => field)).toEqual(['source', 'mapping', 'projectId', 'file']);
    expect(Object.fromEntries(fields.filter(([field]) => field !== 'mapping'))).toEqual({ source: 'csv', projectId: 'project-1', file: 'tasks.csv' });
    expect(JSON.parse(fields[1]![1])).toEqual({ title: 'Summary', description: 'Details', assignee: 'Owner', dueDate: 'Due' });

    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(screen.getByText('2 tasks')).toBeTruthy();
    expect(screen.getByText('Skipped (1)')).toBeTruthy();
    expect(screen.getByText(/Title is required/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the project' }).getAttribute('href')).toBe('/dashboard/projects/project-1');
  });

  it("offers a member who does not own the workspace only a CSV into the projects they may fill, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    fakeServer(() => failure(400, 'VALIDATION_ERROR', 'The CSV file has no rows under its header'));
    render(false);
    expect(screen.queryByRole('radio', { name: 'Trello board (JSON export)' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Tasklane project (JSON export)' })).toBeNull();
    await user.upload(screen.getByLabelText('CSV file'), new File(['Summary\nOne'], 'one.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('columnheader', { name: 'Summary' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'A new project' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The CSV file has no rows under its header');
  });

  it('re-imports a Tasklane project export: the JSON file is sent with source tasklane, and the summary links the copy', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer((call) => {
      if (call.method === 'POST' && call.path === '/api/v1/workspaces/ws-1/imports') return { status: 202, body: { success: true, message: 'Import started', data: job({ source: 'tasklane', fileName: 'web.json' }) } };
      if (call.method === 'GET' && call.path === '/api/v1/imports/job-1') {
        const done = job({ source: 'tasklane', fileName: 'web.json', status: 'COMPLETED', projectId: 'project-9', progress: { done: 3, total: 3 }, summary: { created: { projects: 1, tasks: 3 }, skipped: [], skippedCount: 0 } });
        return { status: 200, body: { success: true, message: 'Import fetched successfully', data: done } };
      }
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    render();
    await user.click(screen.getByRole('radio', { name: 'Tasklane project (JSON export)' }));
    await user.upload(screen.getByLabelText('Tasklane export file'), new File(['{"format":"tasklane.project"}'], 'web.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Start import' }));

    expect((await screen.findByRole('link', { name: 'Open the project' })).getAttribute('href')).toBe('/dashboard/projects/project-9');
    const fields = calls.find((call) => call.method === 'POST')!.body as Array<[string, string]>;
    expect(fields).toEqual([
      ['source', 'tasklane'],
      ['file', 'web.json'],
    ]);
  });
});
