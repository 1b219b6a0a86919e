import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, pathnameOf } from '@/lib/testing/fake-server';
import { renderScreen } from '@/lib/testing/render';
import { MainNav } from '../shell/main-nav';
import AdminRoute from './admin-route';

const meAnswer = (isAdmin: boolean) => ({
  status: 200,
  body: {
    success: true,
    data: { _id: 'u1', username: 'ada', fullName: 'Ada', email: 'ada@example.com', avatar: null, createdAt: '2026-01-01T00:00:00.000Z', isAdmin, twoFactorEnabled: false },
  },
});

function renderAs(isAdmin: boolean) {
  const { calls } = fakeServer((call) =>
    pathnameOf(call) === '/api/v1/users/me' ? meAnswer(isAdmin) : { status: 200, body: { success: true, message: 'OK', data: [], total: 0, pagination: { total: 0, page: 1, limit: 20 } } },
  );
  renderScreen(
    <>
      <MainNav layout="row" />
      <AdminRoute />
    </>,
    { url: '/admin' },
  );
  return calls;
}

describe('/admin and its header entry', () => {
  it('an administrator sees the Admin entry and the screen', async () => {
    renderAs(true);
    // The screen is loaded lazily: its first import compiles the admin feature, seconds on a loaded machine.
    expect(await screen.findByRole('heading', { name: 'Administration' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('anyone else sees "Page not found", no Admin entry, and no admin call goes out', async () => {
    const calls = renderAs(false);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Todos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(calls.filter((call) => pathnameOf(call).startsWith('/api/v1/admin'))).toEqual([]);
  });
});
