import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@tasklane/contract';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { TodoistImportSection } from './todoist-import-section';

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  _id: 'job-7',
  source: 'todoist',
  status: 'QUEUED',
  fileName: 'Chores.csv',
  progress: { done: 0, total: 4 },
  summary: { created: {}, skipped: [], skippedCount: 0 },
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

describe('TodoistImportSection', () => {
  it('uploads the export as source todoist, then shows what became todos and what was skipped', async () => {
    const user = userEvent.setup();
    const { calls } = fakeServer((call) => {
      if (call.method === 'POST' && call.path === '/api/v1/todos/imports') return { status: 202, body: { success: true, message: 'Import started', data: job() } };
      if (call.method === 'GET' && call.path === '/api/v1/imports/job-7') {
        const ended = job({ status: 'COMPLETED', progress: { done: 4, total: 4 }, summary: { created: { todos: 3, categories: 1 }, skipped: [{ item: 'Row 5', reason: 'A note (comment): todos have no comments' }], skippedCount: 1 }, finishedAt: '2030-01-01T00:00:01.000Z' });
        return { status: 200, body: { success: true, message: 'Import fetched successfully', data: ended } };
      }
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    renderScreen(<TodoistImportSection />);

    const start = screen.getByRole('button', { name: 'Import from Todoist' });
    expect(start).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('Todoist CSV file'), new File(['TYPE,CONTENT\ntask,Milk'], 'Chores.csv', { type: 'text/csv' }));
    await user.click(start);

    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual([['source', 'todoist'], ['file', 'Chores.csv']]));
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(screen.getByText('3 todos')).toBeTruthy();
    expect(screen.getByText('1 category')).toBeTruthy();
    expect(screen.getByText(/todos have no comments/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my todos' }).getAttribute('href')).toBe('/');
  });
});
