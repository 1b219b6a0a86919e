import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, fakeServer, pathnameOf, type Reply } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { MainNav } from './main-nav';

function serveToday(total: number) {
  fakeServer((call): Reply =>
    pathnameOf(call) === '/api/v1/users/me/today'
      ? { status: 200, body: { success: true, message: 'ok', data: { date: '2026-11-25', timeZone: 'UTC', total, items: [] } } }
      : failure(404, 'NOT_FOUND', 'Not found'),
  );
}

describe('the navigation', () => {
  it('shows how many items are on My day by the Todos entry, and says it to screen readers', async () => {
    serveToday(4);
    renderScreen(<MainNav layout="row" />);
    expect(await screen.findByRole('link', { name: 'Todos (4 for today)' })).toBeTruthy();
    expect(screen.getByText('4').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no count when nothing is on it', async () => {
    serveToday(0);
    renderScreen(<MainNav layout="row" />);
    expect(await screen.findByRole('link', { name: 'Todos' })).toBeTruthy();
    expect(screen.queryByText(/for today/)).toBeNull();
  });
});
