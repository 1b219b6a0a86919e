import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComment, buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { notificationsOf } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// A round reads what its events need for all of them at once (notifier.lookups.ts). Here the
// notifier wakes a second after the first write and sweeps rarely, so the writes below, made
// together, are read by one round: each must still tell the right people of the right task.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { notifier: { wakeDelayMs: 1_000, sweepMs: 60_000 } });
});
afterAll(async () => {
  await server?.close();
});

async function scene(projectName: string, featureTitle: string) {
  const lead = await buildSignedInUser(server, { fullName: `${projectName} Lead` });
  const member = await buildSignedInUser(server, { fullName: `${projectName} Member` });
  const commenter = await buildSignedInUser(server, { fullName: `${projectName} Commenter` });
  const project = await buildProject(server, lead.cookie, {
    name: projectName,
    members: [member, commenter].map((person: SignedInUser) => ({ userId: person.user.id, role: 'MEMBER' as const })),
  });
  const feature = await buildFeature(server, lead.cookie, project._id, { title: featureTitle });
  return { lead, member, commenter, project, feature };
}

const kindsAndTexts = async (person: SignedInUser) =>
  (await notificationsOf(server, person.cookie)).filter((n) => n.kind !== 'MEMBERSHIP').map((n) => ({ kind: n.kind, task: n.task?.title, project: n.project?.name, text: n.text }));

describe('a round of many events, in several projects', () => {
  it('tells each watcher of their own task, with its own project and feature, and nobody else', async () => {
    const website = await scene('Website', 'Sign-in');
    const mobile = await scene('Mobile', 'Offline');
    const [login, sync, later] = await Promise.all([
      buildTask(server, website.lead.cookie, website.feature._id, { title: 'Fix login', assigneeId: website.member.user.id }),
      buildTask(server, mobile.lead.cookie, mobile.feature._id, { title: 'Sync queue' }),
      buildTask(server, website.lead.cookie, website.feature._id, { title: 'Later' }),
    ]);
    // Everything above is settled; what follows happens within one wake-up of the notifier.
    await notificationsOf(server, website.lead.cookie);

    await Promise.all([
      buildComment(server, website.commenter.cookie, login._id, 'Looks like the cookie'),
      buildComment(server, mobile.commenter.cookie, sync._id, 'Retries pile up'),
      server.request('PUT', `/api/v1/tasks/${later._id}`, { cookie: website.lead.cookie, body: { assigneeId: website.commenter.user.id } }),
      buildTask(server, mobile.lead.cookie, mobile.feature._id, { title: 'Conflict view', assigneeId: mobile.member.user.id }),
    ]);

    // The Website lead created Fix login (a watcher): told of its comment.
    expect(await kindsAndTexts(website.lead)).toEqual([
      { kind: 'COMMENT', task: 'Fix login', project: 'Website', text: 'Website Commenter commented on “Fix login” in Website › Sign-in' },
    ]);
    // Its assignee: the assignment before, the comment now (one notification, newest first).
    const member = await notificationsOf(server, website.member.cookie);
    expect(member.filter((n) => n.kind !== 'MEMBERSHIP').map((n) => n.text)).toEqual([
      'Website Commenter commented on “Fix login” in Website › Sign-in\nWebsite Lead assigned you “Fix login” in Website › Sign-in',
    ]);
    // The Website commenter was assigned Later (and is not told of their own comment).
    expect(await kindsAndTexts(website.commenter)).toEqual([{ kind: 'ASSIGNED', task: 'Later', project: 'Website', text: 'Website Lead assigned you “Later” in Website › Sign-in' }]);
    // Mobile: the lead hears of the comment on their task, the member of the task created for them.
    expect(await kindsAndTexts(mobile.lead)).toEqual([
      { kind: 'COMMENT', task: 'Sync queue', project: 'Mobile', text: 'Mobile Commenter commented on “Sync queue” in Mobile › Offline' },
    ]);
    expect(await kindsAndTexts(mobile.member)).toEqual([
      { kind: 'ASSIGNED', task: 'Conflict view', project: 'Mobile', text: 'Mobile Lead assigned you “Conflict view” in Mobile › Offline' },
    ]);
    expect(await kindsAndTexts(mobile.commenter)).toEqual([]);
  });
});
