// Proves the outbox: one mail per code event however often it is handled, delivery by the sender job with retries on failure, and the dev mailbox present outside production only and to this machine only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { signUpUser } from '../../testing/users.js';
import { enqueueEmail, enqueueEmails, type QueuedEmail } from './outbox.js';
import { EMAIL_ATTEMPTS_MAX, EMAIL_BATCH_SIZE, EMAIL_CLAIM_LEASE_MS, sendDueEmails } from './sender-job.js';
import { recordingStatements } from '../../testing/statement-recorder.js';
import type { EmailSender, OutgoingEmail } from './port.js';
import { verificationMailReactor } from '../../contexts/accounts/reactors.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'email' });
});
afterAll(async () => {
  await h.close();
});

function recordingSender(failTimes = 0): EmailSender & { sent: OutgoingEmail[] } {
  let failures = 0;
  const sent: OutgoingEmail[] = [];
  return {
    name: 'recording',
    sent,
    send: async (message) => {
      if (failures++ < failTimes) throw new Error('SMTP down');
      sent.push(message);
    },
  };
}

function mail(to: string): QueuedEmail {
  return { id: randomUUID(), to, subject: 'S', text: 'T', kind: 'test', userId: null };
}

describe('email outbox', () => {
  it('handling the same code event twice queues one mail', async () => {
    const { user } = await signUpUser(h);
    await h.settle();
    const [issued] = (await h.deps.store.readAll()).filter((e) => e.type === 'EmailVerificationCodeIssued' && (e.data as { userId: string }).userId === user.id);
    const reactor = verificationMailReactor(h.deps);
    await reactor.handle(issued!);
    await reactor.handle(issued!);
    const rows = await h.deps.db.selectFrom('email_outbox').select('id').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.id)).toEqual([issued!.id]);
  });

  it('the sender job delivers due mail, retries a failure later, and keeps the row when the transport is down', async () => {
    await h.deps.db.updateTable('email_outbox').set({ status: 'sent' }).execute();
    const id = randomUUID();
    await enqueueEmail(h.deps.db, { id, to: 'someone@example.com', subject: 'Hello', text: 'Body', kind: 'test', userId: null }, h.clock.now());
    const flaky = recordingSender(1);
    expect(await sendDueEmails(h.deps, flaky)).toBe(1);
    let row = await h.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP down' });
    expect(await sendDueEmails(h.deps, flaky)).toBe(0);
    h.clock.advance(60_000);
    expect(await sendDueEmails(h.deps, flaky)).toBe(1);
    row = await h.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, transport: 'recording' });
    expect(flaky.sent.map((m) => m.id)).toEqual([id]);
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    await h.deps.db.updateTable('email_outbox').set({ status: 'sent' }).execute();
    const id = randomUUID();
    await enqueueEmail(h.deps.db, { id, to: 'x@example.com', subject: 'S', text: 'T', kind: 'test', userId: null }, h.clock.now());
    const down = recordingSender(Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < EMAIL_ATTEMPTS_MAX; i++) {
      await sendDueEmails(h.deps, down);
      h.clock.advance(2 * 60 * 60 * 1000);
    }
    const row = await h.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: EMAIL_ATTEMPTS_MAX });
  });

  it('a round claims its mails with one statement and records every outcome, sent and failed, with one more', async () => {
    await h.deps.db.updateTable('email_outbox').set({ status: 'sent' }).execute();
    const mails = ['a@example.com', 'refused@example.com', 'b@example.com'].map((to) => mail(to));
    await enqueueEmails(h.deps.db, mails, h.clock.now());
    const recorded = recordingStatements(h.deps.db);
    const sender: EmailSender & { sent: OutgoingEmail[] } = {
      name: 'recording',
      sent: [],
      send: async (message) => {
        if (message.to.startsWith('refused')) throw new Error('550 mailbox unavailable');
        sender.sent.push(message);
      },
    };
    expect(await sendDueEmails({ ...h.deps, db: recorded.db }, sender)).toBe(3);
    expect(recorded.statements).toHaveLength(2);
    expect(recorded.statements[0]).toMatch(/^update "email_outbox" set claimed_until = \$1 where id in \(select id from "email_outbox" .* for update skip locked\) returning \*$/);
    expect(recorded.statements[1]).toMatch(/^update "email_outbox" as o set .* from unnest\(/);
    expect(sender.sent.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    const rows = await h.deps.db.selectFrom('email_outbox').selectAll().where('id', 'in', mails.map((m) => m.id)).execute();
    expect(Object.fromEntries(rows.map((r) => [r.to_address, { status: r.status, attempts: r.attempts, last_error: r.last_error, claimed_until: r.claimed_until }]))).toEqual({
      'a@example.com': { status: 'sent', attempts: 1, last_error: null, claimed_until: null },
      'b@example.com': { status: 'sent', attempts: 1, last_error: null, claimed_until: null },
      'refused@example.com': { status: 'queued', attempts: 1, last_error: '550 mailbox unavailable', claimed_until: null },
    });
    expect(rows.find((r) => r.status === 'queued')!.next_attempt_at).toEqual(new Date(h.clock.now().getTime() + 10_000));
  });

  it('two senders racing take disjoint rounds: every mail is sent once', async () => {
    await h.deps.db.updateTable('email_outbox').set({ status: 'sent' }).execute();
    // More than one round holds, so the second sender has rows to take whichever claims first.
    const mails = Array.from({ length: EMAIL_BATCH_SIZE + EMAIL_BATCH_SIZE / 2 }, (_, i) => mail(`racer${i}@example.com`));
    await enqueueEmails(h.deps.db, mails, h.clock.now());
    const first = recordingSender();
    const second = recordingSender();
    const handled = await Promise.all([sendDueEmails(h.deps, first), sendDueEmails(h.deps, second)]);
    expect(handled.every((n) => n > 0)).toBe(true);
    expect(handled[0]! + handled[1]!).toBe(mails.length);
    const sent = [...first.sent, ...second.sent].map((m) => m.id);
    expect(sent.sort()).toEqual(mails.map((m) => m.id).sort());
    expect(await h.deps.db.selectFrom('email_outbox').select('id').where('id', 'in', sent).where('status', '!=', 'sent').execute()).toEqual([]);
  });

  it('a sender that stops between its claim and its mark leaves the mail to be sent once its claim has run out', async () => {
    await h.deps.db.updateTable('email_outbox').set({ status: 'sent' }).execute();
    const queued = mail('stranded@example.com');
    await enqueueEmail(h.deps.db, queued, h.clock.now());
    // The sender hangs in the provider call, as a process that died there: its round never marks.
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    void sendDueEmails(h.deps, { name: 'stuck', send: () => (started(), new Promise<void>(() => undefined)) });
    await sending;
    const other = recordingSender();
    expect(await sendDueEmails(h.deps, other)).toBe(0);
    h.clock.advance(EMAIL_CLAIM_LEASE_MS);
    expect(await sendDueEmails(h.deps, other)).toBe(1);
    expect(other.sent.map((m) => m.id)).toEqual([queued.id]);
    expect(await h.deps.db.selectFrom('email_outbox').select(['status', 'attempts', 'claimed_until']).where('id', '=', queued.id).executeTakeFirstOrThrow()).toEqual({ status: 'sent', attempts: 1, claimed_until: null });
  });

  it('the dev mailbox lists the mail as a page and as JSON', async () => {
    const { user } = await signUpUser(h);
    await h.settle();
    const listed = await eventually(
      async () => (await h.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${encodeURIComponent(user.email)}` })).json() as unknown[],
      (list) => list.length > 0,
      `a mail to ${user.email} in the dev mailbox`,
    );
    expect(listed[0]).toMatchObject({ to: user.email, kind: 'email-verification' });
    const page = await h.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(user.email);
  });
});

describe('dev mailbox: this machine only', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answers a request from loopback %s', async (remoteAddress) => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) expect((await h.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200);
  });

  it.each(['203.0.113.9', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1', '128.0.0.1'])('answers 404 JSON, as for no route, to %s', async (remoteAddress) => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages?limit=5']) {
      const response = await h.app.inject({ method: 'GET', url, remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: `Route GET ${url.split('?')[0]} not found`, code: 'route_not_found', params: { method: 'GET', path: url.split('?')[0] } });
    }
  });

  it('answers 404 to a request a proxy forwarded, though the proxy connects from loopback', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      const response = await h.app.inject({ method: 'GET', url: '/dev/mailbox/messages', headers, remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Route GET /dev/mailbox/messages not found', code: 'route_not_found', params: { method: 'GET', path: '/dev/mailbox/messages' } });
    }
  });
});

describe('dev mailbox in production', () => {
  it('does not exist', async () => {
    const prod = await createTestHarness({ label: 'email_prod', env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      const messages = await prod.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(messages.statusCode).toBe(404);
      expect(messages.json()).toEqual({ error: 'Route GET /dev/mailbox/messages not found', code: 'route_not_found', params: { method: 'GET', path: '/dev/mailbox/messages' } });
    } finally {
      await prod.close();
    }
  });
});
