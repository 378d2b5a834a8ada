// Proves the support API on PostgreSQL: visitors and players send contact messages and abuse reports in the spec's words, a resend is one message, every admin is emailed, only admins list them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '@wager/domain/support/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin, waitForMail } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { SUPPORT_MESSAGES_PER_IP } from './routes.js';

let h: TestHarness;
let admin: Player;
let player: Player;
beforeAll(async () => {
  h = await createTestHarness({ label: 'support_api' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
  player = await fundedPlayer(h, '0');
});
afterAll(async () => {
  await h.close();
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  kind: 'contact',
  name: 'Ada Visitor',
  email: 'ada@example.com',
  subject: 'Withdrawal question',
  message: 'How long does a crypto withdrawal take?',
  clientMessageId: randomUUID(),
  ...overrides,
});
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/support/messages', headers, payload, remoteAddress: ip });
const list = (headers: Record<string, string>, query = '') => h.app.inject({ method: 'GET', url: `/api/admin/support-messages${query}`, headers });

describe('POST /api/support/messages', () => {
  it('stores a visitor contact message for the admins and emails every admin', async () => {
    const payload = contact({ subject: `Question ${randomUUID()}` });
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const listed = await list(admin.headers, '?kind=contact');
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json() as { messages: { id: string; userId: string | null; subject: string }[] }).messages.find((m) => m.id === id);
    expect(row).toMatchObject({ userId: null, subject: payload.subject });
    const mail = await waitForMail(h, admin.user.email, 'support-contact');
    expect(mail.subject).toBe(`[Contact] ${payload.subject}`);
    expect(mail.text).toContain('ada@example.com');
    expect(mail.text).toContain('How long does a crypto withdrawal take?');
  });

  it('records the signed-in sender of an abuse report, with the reported player and bet', async () => {
    const betId = randomUUID();
    const res = await send({ ...contact({ kind: 'report', reportedUsername: 'cheater_01', betId, subject: 'Fake screenshot' }) }, player.headers, '10.1.0.2');
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await list(admin.headers, '?kind=report')).json() as { messages: { id: string; userId: string; reportedUsername: string; betId: string }[] };
    expect(listed.messages.find((m) => m.id === (res.json() as { id: string }).id)).toMatchObject({ userId: player.id, reportedUsername: 'cheater_01', betId });
    const mail = await waitForMail(h, admin.user.email, 'support-report');
    expect(mail.text).toContain('Reported player: cheater_01');
  });

  it('stores a resend with the same key once, and refuses another text under that key', async () => {
    const payload = contact({ clientMessageId: randomUUID() });
    const first = await send(payload, {}, '10.1.0.3');
    const again = await send(payload, {}, '10.1.0.3');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await h.deps.db.selectFrom('support_messages').select('id').where('id', '=', (first.json() as { id: string }).id).execute();
    expect(rows).toHaveLength(1);
    const other = await send({ ...payload, message: 'A different message under the same key.' }, {}, '10.1.0.3');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_conflict' });
  });

  it.each([
    [{ name: '' }, supportMessages.nameRequired],
    [{ email: 'not-an-email' }, supportMessages.email],
    [{ subject: '   ' }, supportMessages.subjectRequired],
    [{ message: 'short' }, supportMessages.messageTooShort],
    [{ message: 'x'.repeat(5001) }, supportMessages.messageTooLong],
    [{ kind: 'report' }, supportMessages.reportedUsernameRequired],
    [{ kind: 'praise' }, supportMessages.kind],
    [{ kind: 'report', reportedUsername: 'someone', betId: 'nope' }, supportMessages.betId],
  ])('refuses %j with a 400 in the spec words and stores nothing', async (overrides, message) => {
    const before = await h.deps.db.selectFrom('support_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const res = await send(contact(overrides), {}, '10.1.0.4');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
    const after = await h.deps.db.selectFrom('support_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('limits how many messages one address sends per hour', async () => {
    const ip = '10.1.0.9';
    for (let i = 0; i < SUPPORT_MESSAGES_PER_IP.max; i += 1) expect((await send(contact(), {}, ip)).statusCode).toBe(201);
    const over = await send(contact(), {}, ip);
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_support_messages' });
  });
});

describe('GET /api/admin/support-messages authorization', () => {
  it('answers a visitor 401, a player 403 and an admin 200', async () => {
    expect((await list({})).statusCode).toBe(401);
    expect((await list(player.headers)).statusCode).toBe(403);
    expect((await list(admin.headers)).statusCode).toBe(200);
  });

  it('refuses an unknown kind filter', async () => {
    expect((await list(admin.headers, '?kind=praise')).statusCode).toBe(400);
  });
});
