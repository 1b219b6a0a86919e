import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from './testing/render';
import { useListParams } from './use-list-params';

function Filters() {
  const list = useListParams({ statuses: ['PENDING', 'DONE'] as const, sortFields: ['createdAt', 'title'] as const, defaultSortBy: 'createdAt', defaultSortOrder: 'desc' });
  return (
    <>
      <select aria-label="Status" value={list.state.status ?? ''} onChange={(event) => list.setStatus(event.target.value)}>
        <option value="">All</option>
        <option value="PENDING">Pending</option>
        <option value="DONE">Done</option>
      </select>
      <select aria-label="Priority" value={list.state.priority ?? ''} onChange={(event) => list.setPriority(event.target.value)}>
        <option value="">All</option>
        <option value="URGENT">Urgent</option>
      </select>
    </>
  );
}

describe('useListParams', () => {
  it('keeps both of two filters picked one right after the other, before either has rendered', async () => {
    const { location } = renderScreen(<Filters />, { url: '/tasks?status=PENDING' });
    // One act: React renders what it must before the next event, and nothing it may defer.
    act(() => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
      fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'URGENT' } });
    });
    await waitFor(() => expect(location().search).toBe('?priority=URGENT'));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Priority').value).toBe('URGENT');
  });
});
