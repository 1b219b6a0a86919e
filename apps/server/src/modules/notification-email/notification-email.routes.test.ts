import { randomBytes } from 'node:crypto';
import { DEFAULT_NOTIFICATION_DELIVERY, INVALID_UNSUBSCRIBE_LINK_MESSAGE } from '@tasklane/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { buildFeature, buildProject, buildSignedInUser, buildTask, buildTodo, type SignedInUser } from '../../../test/factories.js';
import { startMailbox, type Mailbox } from '../../../test/mailbox.js';
import { headerOf, mailsTo, mailTo, oneClickUrlOf, outboxDrained } from '../../../test/notification-mail.js';
import { notificationsOf } from '../../../test/notifications.js';
import { remindersRanAt, testClock } from '../../../test/reminders.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * Notification email (issue 17, decision 026) against a real database and a real SMTP server:
 * who gets what, when, in what form, and how one click turns it off.
 */

/** A notification is mailed once it has been quiet this long (production: a minute). */
const QUIET_MS = 2_000;

let mailbox: Mailbox;
let server: TestServer;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer(
    { email: { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' } },
    { emailSender: { pollMs: 100 }, notificationMailer: { quietMs: QUIET_MS, pollMs: 50 } },
  );
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const settingsPath = '/api/v1/users/me/notification-settings';
const getSettings = (cookie?: string) => server.request('GET', settingsPath, { ...(cookie ? { cookie } : {}) });
const putSettings = (cookie: string, body: unknown) => server.request('PUT', settingsPath, { cookie, body });

async function choose(user: SignedInUser, kinds: Record<string, string>) {
  const response = await putSettings(user.cookie, { kinds });
  expect(response.status, response.text).toBe(200);
}

/** A project led by `lead` with `others` as members, a feature, and a unique word for titles (on `on`, else the file's server). */
async function scene(count = 2, on: TestServer = server) {
  const lead = await buildSignedInUser(on, { fullName: 'Lead <Person>' });
  const others: SignedInUser[] = [];
  for (let index = 0; index < count; index++) others.push(await buildSignedInUser(on));
  const project = await buildProject(on, lead.cookie, { name: 'Website', members: others.map((other) => ({ userId: other.user.id })) });
  const feature = await buildFeature(on, lead.cookie, project._id, { title: 'Sign-in' });
  return { lead, others, project, feature, word: randomBytes(4).toString('hex') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notification settings', () => {
  it('answers every kind with its default, and whether email is available', async () => {
    const { cookie } = await buildSignedInUser(server);
    const response = await getSettings(cookie);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, data: { emailAvailable: true, kinds: DEFAULT_NOTIFICATION_DELIVERY }, message: 'Notification settings fetched' });
  });

  it('changes only the kinds named, and keeps them', async () => {
    const { cookie } = await buildSignedInUser(server);
    const first = await putSettings(cookie, { kinds: { ASSIGNED: 'DIGEST', COMMENT: 'EMAIL' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.kinds).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, ASSIGNED: 'DIGEST', COMMENT: 'EMAIL' });
    const second = await putSettings(cookie, { kinds: { ASSIGNED: 'IN_APP' } });
    expect(second.body.data.kinds).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, ASSIGNED: 'IN_APP', COMMENT: 'EMAIL' });
    expect((await getSettings(cookie)).body.data.kinds).toEqual(second.body.data.kinds);
    // Nothing named changes nothing.
    expect((await putSettings(cookie, { kinds: {} })).body.data.kinds).toEqual(second.body.data.kinds);
  });

  it('refuses an unknown kind, an unknown delivery and a body without kinds with 400, changing nothing', async () => {
    const { cookie } = await buildSignedInUser(server);
    for (const body of [{ kinds: { BIRTHDAY: 'EMAIL' } }, { kinds: { ASSIGNED: 'SMS' } }, { kinds: 'EMAIL' }, {}, { kinds: { ASSIGNED: 'EMAIL', COMMENT: null } }]) {
      const response = await putSettings(cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.body.message).toBeTruthy();
    }
    expect((await putSettings(cookie, {})).body.errors).toEqual([{ field: 'kinds', message: 'kinds is required' }]);
    expect((await putSettings(cookie, { kinds: { ASSIGNED: 'SMS' } })).body.errors).toEqual([
      { field: 'kinds.ASSIGNED', message: 'delivery must be one of IN_APP, EMAIL, DIGEST' },
    ]);
    expect((await putSettings(cookie, { kinds: { BIRTHDAY: 'EMAIL' } })).body.message).toMatch(/^kinds may only name ASSIGNED, /);
    expect((await getSettings(cookie)).body.data.kinds).toEqual(DEFAULT_NOTIFICATION_DELIVERY);
  });

  it('is for signed-in people only', async () => {
    expect((await getSettings()).status).toBe(401);
    expect((await server.request('PUT', settingsPath, { body: { kinds: { ASSIGNED: 'IN_APP' } } })).status).toBe(401);
  });

  it('says when the instance sends no email (the choice is still kept)', async () => {
    const plain = await startTestServer();
    try {
      const { cookie } = await buildSignedInUser(plain);
      expect((await plain.request('PUT', settingsPath, { cookie, body: { kinds: { COMMENT: 'EMAIL' } } })).body.data).toEqual({
        emailAvailable: false,
        kinds: { ...DEFAULT_NOTIFICATION_DELIVERY, COMMENT: 'EMAIL' },
      });
    } finally {
      await plain.close();
    }
  });
});

describe('immediate email', () => {
  it('an assignment mails the assignee once: text and HTML, the task, its link and the one-click unsubscribe headers; never the actor', async () => {
    const { lead, others, project, feature, word } = await scene(1);
    const [ann] = others as [SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { title: `Fix <login> ${word}`, assigneeId: ann.user.id });

    const message = await mailTo(mailbox, ann.user.email, word);
    // No PUBLIC_URL here: the links name this server on localhost.
    const origin = `http://localhost:${server.config.port}`;
    expect(message.subject).toBe(`Lead <Person> assigned you “Fix <login> ${word}” in Website › Sign-in`);
    const url = `${origin}/dashboard/projects/${project._id}/features/${feature._id}/task/${task._id}`;
    expect(message.text).toContain(`Lead <Person> assigned you “Fix <login> ${word}” in Website › Sign-in`);
    expect(message.text).toContain(`Open the task: ${url}`);
    expect(message.text).toContain(`${origin}/unsubscribe?token=`);
    // The HTML escapes what people wrote.
    expect(message.html).toContain(`Fix &lt;login&gt; ${word}`);
    expect(message.html).toContain('Lead &lt;Person&gt;');
    expect(message.html).not.toContain('<login>');
    expect(message.html).toContain(`href="${url}"`);
    expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickUrlOf(message);
    expect(`${oneClick.origin}${oneClick.pathname}`).toBe(`${origin}/api/v1/notifications/unsubscribe`);
    server.auditSecret(oneClick.searchParams.get('token')!);

    await outboxDrained(server);
    await sleep(QUIET_MS);
    expect(mailsTo(mailbox, ann.user.email, word)).toHaveLength(1);
    expect(mailsTo(mailbox, lead.user.email, word)).toEqual([]);
    // In the app it is unread as before: mailing it changed nothing there.
    const [note] = (await notificationsOf(server, ann.cookie)).filter((each) => each.task?._id === task._id);
    expect(note.read).toBe(false);
  });

  it('a burst of events on one task makes one email, sent once it is quiet', async () => {
    const { lead, others, feature, word } = await scene(1);
    const [ann] = others as [SignedInUser];
    const task = await buildTask(server, lead.cookie, feature._id, { title: `Burst ${word}`, assigneeId: ann.user.id });
    await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { assigneeId: null } });
    await server.request('PUT', `/api/v1/tasks/${task._id}`, { cookie: lead.cookie, body: { assigneeId: ann.user.id } });
    const message = await mailTo(mailbox, ann.user.email, word);
    expect(message.subject).toMatch(/assigned you “Burst .*” in Website › Sign-in \(and 2 more\)$/);
    expect(message.text).toMatch(/unassigned you from “Burst/);
    await outboxDrained(server);
    await sleep(QUIET_MS);
    expect(mailsTo(mailbox, ann.user.email, word)).toHaveLength(1);
  });

  it('a notification the notifier stored late waits the quiet delay from when it was stored, so the rest of its burst can still join it', async () => {
    // The notifier reads each event 5 s after it (longer than the quiet delay): a notifier
    // running behind, as on a loaded machine. The sweep would read sooner: it is off here.
    const late = await startTestServer(
      { email: { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' } },
      { emailSender: { pollMs: 100 }, notificationMailer: { quietMs: QUIET_MS, pollMs: 50 }, notifier: { wakeDelayMs: 5_000, sweepMs: 60_000 } },
    );
    try {
      const { lead, others, feature, word } = await scene(1, late);
      const [ann] = others as [SignedInUser];
      // The round the setup's events woke has run: the task's event starts the next 5-s wait.
      await sleep(5_500);
      await buildTask(late, lead.cookie, feature._id, { title: `Late ${word}`, assigneeId: ann.user.id });

      const message = await mailTo(mailbox, ann.user.email, word);
      expect(message.subject).toMatch(/assigned you “Late .*” in Website › Sign-in$/);
      const [row] = await late.database.db
        .select({ updatedAt: notifications.updatedAt, storedAt: notifications.storedAt, emailedAt: notifications.emailedAt })
        .from(notifications)
        .where(eq(notifications.userId, ann.user.id));
      const ms = (at: Date | null | undefined) => at?.getTime() ?? Number.NaN;
      // Stored seconds after its event, and mailed only once quiet since it was stored: counted from
      // its event, it would have gone the moment it was stored.
      expect(ms(row!.storedAt) - ms(row!.updatedAt)).toBeGreaterThan(QUIET_MS);
      expect(ms(row!.emailedAt) - ms(row!.storedAt)).toBeGreaterThanOrEqual(QUIET_MS);
    } finally {
      await late.close();
    }
  });

  it('IN_APP mails nothing; a notification read before it was sent is not mailed', async () => {
    const { lead, others, feature, word } = await scene(3);
    const [quiet, reader, control] = others as [SignedInUser, SignedInUser, SignedInUser];
    await choose(quiet, { ASSIGNED: 'IN_APP' });
    await buildTask(server, lead.cookie, feature._id, { title: `In app ${word}`, assigneeId: quiet.user.id });
    const read = await buildTask(server, lead.cookie, feature._id, { title: `Read ${word}`, assigneeId: reader.user.id });
    const [note] = (await notificationsOf(server, reader.cookie)).filter((each) => each.task?._id === read._id);
    expect((await server.request('PUT', `/api/v1/notifications/${note._id}/read`, { cookie: reader.cookie })).status).toBe(200);
    // Made after the others: once it is mailed, so would they have been.
    await buildTask(server, lead.cookie, feature._id, { title: `Control ${word}`, assigneeId: control.user.id });

    await mailTo(mailbox, control.user.email, word);
    await outboxDrained(server);
    expect(mailsTo(mailbox, quiet.user.email, word)).toEqual([]);
    expect(mailsTo(mailbox, reader.user.email, word)).toEqual([]);
    expect((await notificationsOf(server, quiet.cookie)).some((each) => each.task?.title === `In app ${word}`)).toBe(true);
  });

  it('losing access to the project before the email goes means no email about it', async () => {
    const { lead, others, project, feature, word } = await scene(2);
    const [leaver, control] = others as [SignedInUser, SignedInUser];
    await buildTask(server, lead.cookie, feature._id, { title: `Secret ${word}`, assigneeId: leaver.user.id });
    await notificationsOf(server, leaver.cookie);
    const removed = await server.request('DELETE', `/api/v1/projects/${project._id}/members/${leaver.user.id}`, { cookie: lead.cookie });
    expect(removed.status, removed.text).toBe(200);
    await buildTask(server, lead.cookie, feature._id, { title: `Control ${word}`, assigneeId: control.user.id });

    await mailTo(mailbox, control.user.email, word);
    await outboxDrained(server);
    expect(mailsTo(mailbox, leaver.user.email, `Secret ${word}`)).toEqual([]);
  });
});

describe('the hourly digest', () => {
  /** Moves the person's last digest: `minutes` ago (null: none sent yet). */
  const lastDigest = (userId: string, minutes: number) =>
    server.database.db.execute(sql`insert into notification_digests (user_id, last_sent_at) values (${userId}, now() - make_interval(mins => ${minutes}))
      on conflict (user_id) do update set last_sent_at = excluded.last_sent_at`);

  it('gathers a person’s waiting notifications into one email an hour after the last one', async () => {
    const { lead, others, feature, word } = await scene(1);
    const [ann] = others as [SignedInUser];
    await choose(ann, { ASSIGNED: 'DIGEST' });
    // Her last digest went just now: these wait for the next one.
    await lastDigest(ann.user.id, 0);
    const titles = [`One ${word}`, `Two ${word}`, `Three ${word}`];
    for (const title of titles) await buildTask(server, lead.cookie, feature._id, { title, assigneeId: ann.user.id });
    await notificationsOf(server, ann.cookie);
    await sleep(QUIET_MS * 2);
    await outboxDrained(server);
    expect(mailsTo(mailbox, ann.user.email, word)).toEqual([]);

    // An hour later, all three in one email.
    await lastDigest(ann.user.id, 61);
    const digest = await mailTo(mailbox, ann.user.email, word);
    expect(digest.subject).toBe('Tasklane digest: 3 new notifications');
    for (const title of titles) expect(digest.text).toContain(title);
    expect(digest.text).toContain('“Assigned to me”');
    expect(digest.html).toContain(`One ${word}`);
    expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickUrlOf(digest);
    server.auditSecret(oneClick.searchParams.get('token')!);
    // Its link names the kinds it lists.
    expect((await server.request('GET', `${oneClick.pathname}${oneClick.search}`)).body.data).toEqual({ kinds: ['ASSIGNED'], emailedKinds: ['ASSIGNED'] });

    // Another one now waits for the next digest, an hour from this one.
    await buildTask(server, lead.cookie, feature._id, { title: `Four ${word}`, assigneeId: ann.user.id });
    await notificationsOf(server, ann.cookie);
    await sleep(QUIET_MS * 2);
    await outboxDrained(server);
    expect(mailsTo(mailbox, ann.user.email, word)).toHaveLength(1);
    await lastDigest(ann.user.id, 61);
    const next = await mailTo(mailbox, ann.user.email, `Four ${word}`);
    expect(next.subject).toBe('Tasklane digest: 1 new notification');
    expect(next.text).not.toContain(`One ${word}`);
  });

  it('turning email on sends only what happens from then on', async () => {
    const { lead, others, feature, word } = await scene(2);
    const [ann, control] = others as [SignedInUser, SignedInUser];
    await choose(ann, { ASSIGNED: 'IN_APP' });
    await buildTask(server, lead.cookie, feature._id, { title: `Before ${word}`, assigneeId: ann.user.id });
    await notificationsOf(server, ann.cookie);
    await choose(ann, { ASSIGNED: 'EMAIL' });
    await buildTask(server, lead.cookie, feature._id, { title: `After ${word}`, assigneeId: ann.user.id });
    await buildTask(server, lead.cookie, feature._id, { title: `Control ${word}`, assigneeId: control.user.id });
    await mailTo(mailbox, ann.user.email, `After ${word}`);
    await mailTo(mailbox, control.user.email, word);
    await outboxDrained(server);
    expect(mailsTo(mailbox, ann.user.email, `Before ${word}`)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  async function mailedAssignment() {
    const { lead, others, feature, word } = await scene(1);
    const [ann] = others as [SignedInUser];
    await buildTask(server, lead.cookie, feature._id, { title: `Unsubscribe ${word}`, assigneeId: ann.user.id });
    const message = await mailTo(mailbox, ann.user.email, word);
    const oneClick = oneClickUrlOf(message);
    server.auditSecret(oneClick.searchParams.get('token')!);
    return { ann, oneClick, path: `${oneClick.pathname}${oneClick.search}` };
  }

  it('GET tells what the link turns off and changes nothing; the POST a mail provider sends turns that kind to in-app only', async () => {
    const { ann, path } = await mailedAssignment();
    for (let index = 0; index < 2; index++) {
      const described = await server.request('GET', path);
      expect(described.status, described.text).toBe(200);
      expect(described.body.data).toEqual({ kinds: ['ASSIGNED'], emailedKinds: ['ASSIGNED'] });
    }
    expect((await getSettings(ann.cookie)).body.data.kinds.ASSIGNED).toBe('EMAIL');

    // As RFC 8058 says a provider sends it: a form, no cookie, from its own origin.
    const posted = await server.request('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toEqual({ success: true, data: { kinds: ['ASSIGNED'], emailedKinds: [] }, message: 'You will no longer get these emails' });
    expect((await getSettings(ann.cookie)).body.data.kinds).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, ASSIGNED: 'IN_APP' });
    expect((await server.request('GET', path)).body.data).toEqual({ kinds: ['ASSIGNED'], emailedKinds: [] });
    // The web page's button sends no body; twice is harmless.
    expect((await server.request('POST', path)).status).toBe(200);
  });

  it('refuses a forged, altered or missing token with 400 and changes nothing', async () => {
    const { ann, oneClick } = await mailedAssignment();
    const token = oneClick.searchParams.get('token')!;
    const [version, userId, , signature] = token.split('.') as [string, string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const forged = [
      `${version}.${userId}.ff.${signature}`, // every kind, with the signature of one
      `${version}.${userId}.1.${flipped}`,
      'u1.not-a-token',
      '',
    ];
    for (const candidate of forged) {
      const path = `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(candidate)}`;
      for (const method of ['GET', 'POST']) {
        const form = { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
        const response = await server.request(method, path, method === 'POST' ? form : {});
        expect(response.status, `${method} ${candidate}`).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      }
    }
    const wrong = await server.request('GET', `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(`${version}.${userId}.1.${flipped}`)}`);
    expect(wrong.body.message).toBe(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
    expect((await getSettings(ann.cookie)).body.data.kinds).toEqual(DEFAULT_NOTIFICATION_DELIVERY);
  });
});

describe('reminders by email', () => {
  it("a todo's due-date reminder is mailed to its owner, with a link that opens the todo", async () => {
    const clock = testClock(new Date().toISOString());
    const reminding = await startTestServer(
      { email: { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' } },
      { emailSender: { pollMs: 100 }, notificationMailer: { quietMs: QUIET_MS, pollMs: 50 }, reminders: { now: clock.now, intervalMs: 100 } },
    );
    try {
      const owner = await buildSignedInUser(reminding);
      const word = randomBytes(4).toString('hex');
      // Due today in UTC (the zone of an account without one): due soon, or overdue right at midnight.
      const todo = await buildTodo(reminding, owner.cookie, { title: `Buy bread ${word}`, dueDate: new Date().toISOString().slice(0, 10) });
      await remindersRanAt(reminding, clock, new Date().toISOString());
      const message = await mailTo(mailbox, owner.user.email, word);
      expect(message.subject).toMatch(new RegExp(`^Your todo “Buy bread ${word}” is (due by the end of|overdue)`));
      expect(message.text).toContain(`Open the todo: http://localhost:${reminding.config.port}/?todo=${todo._id}\n`);
      expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    } finally {
      await reminding.close();
    }
  });
});
