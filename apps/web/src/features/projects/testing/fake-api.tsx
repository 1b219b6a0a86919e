import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberRole, Project, User } from '@tasklane/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** Component tests: people, projects and a stand-in for the server behind `fetch`. */
export const person = (id: string, fullName: string): User => ({
  _id: id,
  fullName,
  username: fullName.toLowerCase().replace(/\s+/g, '_'),
  email: `${fullName.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  avatar: null,
  createdAt: '2026-01-05T00:00:00.000Z',
});

const allAbilities = { canEdit: true, canDelete: true, canManageMembers: true, canManageFeatures: true, canEditTasks: true };
const noAbilities = { canEdit: false, canDelete: false, canManageMembers: false, canManageFeatures: false, canEditTasks: true };

export const memberOf = (user: User, role: MemberRole) => ({
  _id: `membership-${user._id}`,
  role,
  userId: { _id: user._id, fullName: user.fullName, email: user.email, username: user.username, avatar: user.avatar },
  joinedAt: '2026-01-05T00:00:00.000Z',
});

/** A project with these members, seen by a caller of `role`. */
export function projectWith(members: Array<[User, MemberRole]>, role: MemberRole = 'ADMIN'): Project {
  return {
    _id: 'project-1',
    name: 'Client Portal',
    description: '',
    status: 'BACKLOG',
    priority: 'MEDIUM',
    logo: null,
    coverImage: null,
    category: null,
    workspaceId: { _id: 'workspace-1', name: 'Agency' },
    isActive: true,
    createdAt: '2026-01-05T00:00:00.000Z',
    updatedAt: '2026-01-05T00:00:00.000Z',
    members: members.map(([user, memberRole]) => memberOf(user, memberRole)),
    statistics: { totalMembers: members.length, completedTasks: 0, totalTasks: 0 },
    progress: 0,
    settings: { color: '#3B82F6', isPublic: false, allowMemberInvites: true, requireApproval: false },
    role,
    abilities: role === 'ADMIN' || role === 'MODERATOR' ? allAbilities : noAbilities,
    version: 1,
  };
}

export type Call = { method: string; path: string; body?: unknown };
export type Reply = { status: number; body: unknown };

/** Replaces `fetch` with `respond`; every call is recorded in the answer's `calls`. */
export function fakeServer(respond: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        path: String(path),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = respond(call);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}

export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
