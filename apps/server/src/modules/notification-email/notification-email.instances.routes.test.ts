import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeature, buildProject, buildSignedInUser, buildTask, type SignedInUser } from '../../../test/factories.js';
import { startMailbox, type Mailbox } from '../../../test/mailbox.js';
import { mailsTo, outboxDrained } from '../../../test/notification-mail.js';
import { notifierSettled } from '../../../test/notifications.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/**
 * Two app instances on one database, each running the notification mailer and the outbox's
 * sender: every notification is mailed exactly once, whichever instance claims it.
 */
describe('notification email with two app instances on one database', () => {
  let mailbox: Mailbox;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    mailbox = await startMailbox();
    const email = { smtpUrl: mailbox.smtpUrl, from: 'Tasklane <tasklane@example.com>' };
    // Both poll often, with a short quiet delay, so their rounds overlap all the time.
    const options = { emailSender: { pollMs: 50 }, notificationMailer: { quietMs: 300, pollMs: 20, batchSize: 3 }, notifier: { sweepMs: 50 } };
    first = await startTestServer({ email }, options);
    second = await startTestServer({ email }, { ...options, databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await mailbox?.close();
  });

  it('each notification is mailed once, and each digest sent once', async () => {
    const lead = await buildSignedInUser(first);
    const people: SignedInUser[] = [];
    for (let index = 0; index < 6; index++) people.push(await buildSignedInUser(index % 2 ? second : first));
    // Half of them take the digest instead.
    for (const person of people.slice(3)) {
      expect((await second.request('PUT', '/api/v1/users/me/notification-settings', { cookie: person.cookie, body: { kinds: { ASSIGNED: 'DIGEST' } } })).status).toBe(200);
    }
    const project = await buildProject(first, lead.cookie, { members: people.map((person) => ({ userId: person.user.id })) });
    const feature = await buildFeature(first, lead.cookie, project._id);
    const word = randomBytes(4).toString('hex');
    // Four tasks for each person, made on both instances.
    for (let index = 0; index < 24; index++) {
      const server = index % 2 ? second : first;
      await buildTask(server, lead.cookie, feature._id, { title: `Task ${index} ${word}`, assigneeId: people[index % 6]!.user.id });
    }
    await notifierSettled(first);

    // The immediate ones: four emails each, one per task.
    const deadline = Date.now() + 20_000;
    while (people.slice(0, 3).some((person) => mailsTo(mailbox, person.user.email, word).length < 4) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The digests: one each, holding what was waiting when it went.
    while (people.slice(3).some((person) => mailsTo(mailbox, person.user.email, word).length < 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Both instances' rounds keep running a while: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await outboxDrained(first);

    for (const person of people.slice(0, 3)) {
      const subjects = mailsTo(mailbox, person.user.email, word).map((message) => message.subject);
      expect(subjects).toHaveLength(4);
      expect(new Set(subjects).size).toBe(4);
    }
    for (const person of people.slice(3)) {
      const digests = mailsTo(mailbox, person.user.email, word);
      // One: what was not yet quiet when it went waits for the next digest, an hour later.
      expect(digests).toHaveLength(1);
      const listed = (digests[0]!.text ?? '').match(/Task \d+ [0-9a-f]{8}/g) ?? [];
      expect(new Set(listed).size).toBe(listed.length);
    }
  });
});
