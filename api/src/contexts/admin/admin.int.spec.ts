// Proves the admin API on PostgreSQL: the authorization matrix of every admin route (visitor 401, player and moderator 403, admin 200), stats, the paged user search, a user's full picture (with their safer play and its history), verify/moderator/notes as events with the admin as actor (notes keep history), the email test through the configured transport and its spec failure text, voiding a dispute (both refunded), KYC rejection (hold released, the KYC status reads rejected, approval refused after) and ledger health with the last audit run.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@wager/domain/accounts/index';
import { deterministicId, walletStreamId } from '@wager/domain/wallet/index';
import { recordAuditRun } from '@wager/projections/admin/queries';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, makeAdmin, signUpUser, type SignedUpUser } from '../../testing/users.js';
import { available, checkBooks, fundedPlayer, ledger, type Player } from '../bets/testing.js';
import { executeWalletCommand } from '../wallet/index.js';
import { setModeratorRole } from '../accounts/index.js';
import { weeklyGrowthPercent } from './routes.js';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';

let h: TestHarness;
let admin: Player;
let player: Player;
let moderator: Player;

beforeAll(async () => {
  h = await createTestHarness({ label: 'admin' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
  player = await fundedPlayer(h, '0');
  moderator = await fundedPlayer(h, '0');
  await setModeratorRole(h.deps, moderator.id, admin.id, true);
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, who: { headers: Record<string, string> } | null, payload?: unknown) =>
  h.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

describe('authorization matrix', () => {
  it('answers every admin route with 401 to a visitor and 403 to a player or a moderator', async () => {
    const someone = randomUUID();
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${someone}`],
      ['PATCH', `/api/admin/users/${someone}`, { isAgeVerified: true }],
      ['POST', '/api/admin/test-email', { email: 'x@example.com' }],
      ['POST', `/api/admin/crypto/withdrawals/${someone}/reject`, {}],
      ['GET', '/api/admin/ledger/health'],
      ['GET', `/api/admin/bets/${someone}/trail`],
      ['GET', '/api/admin/bets/disputed'],
      ['PUT', `/api/admin/bets/${someone}/resolve`, { winnerId: null, adminNotes: 'x' }],
      ['GET', '/api/admin/crypto/withdrawals/kyc'],
      ['POST', `/api/admin/crypto/withdrawals/${someone}/approve`, {}],
      ['GET', '/api/admin/ledger/trial-balance'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [player, moderator]) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('Access Denied');
      }
    }
    // The admin is let through (to 404 for the ids that do not exist, never 401/403).
    for (const [method, url, body] of routes) expect([200, 404]).toContain((await call(method, url, admin, body)).statusCode);
  });
});

describe('stats', () => {
  it('counts users, sign-ups this week, bets, active and disputed, and the weekly growth', async () => {
    const before = (await call('GET', '/api/admin/stats', admin)).json();
    await signUpUser(h);
    const after = (await call('GET', '/api/admin/stats', admin)).json();
    expect(after).toMatchObject({ totalUsers: before.totalUsers + 1, recentSignups: before.recentSignups + 1, totalBets: before.totalBets, disputedBets: before.disputedBets });
    expect(after.weeklyGrowth).toBe(weeklyGrowthPercent(after.totalUsers, after.recentSignups));
    expect(weeklyGrowthPercent(12, 2)).toBe(20);
    expect(weeklyGrowthPercent(3, 3)).toBe(100);
    expect(weeklyGrowthPercent(0, 0)).toBe(0);
    expect(weeklyGrowthPercent(7, 1)).toBe(16.7);
  });
});

describe('users', () => {
  it('pages 10 at a time and searches username, email and phone case-insensitively', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const made: SignedUpUser[] = [];
    for (let i = 0; i < 12; i++) made.push(await signUpUser(h, { username: `${tag}_${i}`, email: `${tag}${i}@Example.com` }));
    const first = (await call('GET', `/api/admin/users?search=${tag.toUpperCase()}`, admin)).json();
    expect(first.pagination).toMatchObject({ total: 12, pages: 2, page: 1, limit: 10 });
    expect(first.users).toHaveLength(10);
    const second = (await call('GET', `/api/admin/users?search=${tag}&page=2`, admin)).json();
    expect(second.users).toHaveLength(2);
    expect(new Set([...first.users, ...second.users].map((u: { id: string }) => u.id))).toEqual(new Set(made.map((m) => m.user.id)));
    const byEmail = (await call('GET', `/api/admin/users?search=${tag}3@EXAMPLE`, admin)).json();
    expect(byEmail.users.map((u: { username: string }) => u.username)).toEqual([`${tag}_3`]);
    const phone = `+44770${Math.floor(Math.random() * 1e6).toString().padStart(6, '0')}`;
    const withPhone = await signUpUser(h, { phoneNumber: phone });
    const byPhone = (await call('GET', `/api/admin/users?search=${encodeURIComponent(phone.slice(3))}`, admin)).json();
    expect(byPhone.users.map((u: { id: string }) => u.id)).toContain(withPhone.user.id);
    // % and _ are matched as themselves, not as wildcards.
    expect((await call('GET', '/api/admin/users?search=%25%25%25', admin)).json().pagination.total).toBe(0);
    expect(byEmail.users[0]).toMatchObject({ email: `${tag}3@example.com`, isAgeVerified: false, balance: '0.00', adminNotes: null });
    expect((await call('GET', '/api/admin/users?limit=51', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?page=0', admin)).statusCode).toBe(400);
  });

  it('verifies, grants moderator and keeps the notes history, each an event with the admin as actor', async () => {
    const target = await fundedPlayer(h, '250.00');
    const verified = await call('PATCH', `/api/admin/users/${target.id}`, admin, { isAgeVerified: true });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.isAgeVerified).toBe(true);
    await call('PATCH', `/api/admin/users/${target.id}`, admin, { isModerator: true, adminNotes: 'first look: fine' });
    h.clock.advance(60_000);
    const noted = await call('PATCH', `/api/admin/users/${target.id}`, admin, { adminNotes: 'asked for ID again' });
    const detail = noted.json();
    expect(detail.user).toMatchObject({ isModerator: true, isAgeVerified: true, adminNotes: 'asked for ID again', balance: '250.00' });
    expect(detail.verification).toEqual({ isEmailVerified: false, isPhoneVerified: false, isPsnVerified: false, isAgeVerified: true });
    expect(detail.betsSummary).toEqual({ total: 0, byStatus: {}, wins: 0, losses: 0, rating: 1000 });
    expect(detail.adminActions.map((a: { type: string }) => a.type)).toEqual(['AgeVerified', 'ModeratorRoleSet', 'AdminNoteChanged', 'AdminNoteChanged']);
    const notes = detail.adminActions.filter((a: { type: string }) => a.type === 'AdminNoteChanged');
    expect(notes.map((n: { note: string }) => n.note)).toEqual(['first look: fine', 'asked for ID again']);
    expect(notes[0]).toMatchObject({ adminId: admin.id, adminUsername: admin.user.username, actor: `admin:${admin.id}` });
    const stream = await h.deps.store.readStream(userStreamId(target.id));
    for (const e of stream.filter((e) => ['AgeVerified', 'ModeratorRoleSet', 'AdminNoteChanged'].includes(e.type))) expect(e.metadata.actor).toBe(`admin:${admin.id}`);
    expect((await call('GET', `/api/admin/users/${target.id}`, admin)).json()).toEqual(detail);
    // A repeat decides nothing: no new event.
    await call('PATCH', `/api/admin/users/${target.id}`, admin, { isAgeVerified: true, adminNotes: 'asked for ID again' });
    expect((await h.deps.store.readStream(userStreamId(target.id))).length).toBe(stream.length);
  });

  it("shows the player's safer play: limits in force, a pending raise with its time, the cool-off's end, the reality check and each change with its actor and time", async () => {
    const target = await fundedPlayer(h, '0');
    const url = `/api/admin/users/${target.id}`;
    const fresh = (await call('GET', url, admin)).json().saferPlay;
    expect(fresh).toMatchObject({ currency: 'NGN', depositDaily: { limit: null, pending: null }, stakeDaily: { limit: '50000.00' }, exclusion: null, selfExcludedUntil: null, coolOffUntil: null, realityCheckMinutes: null, history: [] });

    const loweredAt = h.clock.now().toISOString();
    expect((await call('PUT', '/api/user/limits', target, { depositDaily: '2000', stakeDaily: '300' })).statusCode).toBe(200);
    h.clock.advance(60_000);
    const raisedAt = h.clock.now();
    await call('PUT', '/api/user/limits', target, { depositDaily: '9000' });
    h.clock.advance(60_000);
    const excludedAt = h.clock.now();
    await call('POST', '/api/user/self-exclusion', target, { period: '7d' });
    await call('PUT', '/api/user/reality-check', target, { intervalMinutes: 45 });

    const detail = (await call('GET', url, admin)).json();
    const effectiveAt = new Date(raisedAt.getTime() + 24 * 3600_000).toISOString();
    const until = new Date(excludedAt.getTime() + 7 * 24 * 3600_000).toISOString();
    expect(detail.saferPlay).toMatchObject({
      depositDaily: { limit: '2000.00', pending: { limit: '9000.00', effectiveAt } },
      stakeDaily: { limit: '300.00', pending: null },
      exclusion: { kind: 'cool_off', period: '7d', until },
      coolOffUntil: until,
      selfExcludedUntil: null,
      realityCheckMinutes: 45,
    });
    expect(detail.saferPlay.history).toEqual([
      { type: 'SpendingLimitChanged', actor: target.id, at: loweredAt, limit: 'depositDaily', value: '2000.00', previous: null, status: 'applied', effectiveAt: loweredAt },
      { type: 'SpendingLimitChanged', actor: target.id, at: loweredAt, limit: 'stakeDaily', value: '300.00', previous: '50000.00', status: 'applied', effectiveAt: loweredAt },
      { type: 'SpendingLimitChanged', actor: target.id, at: raisedAt.toISOString(), limit: 'depositDaily', value: '9000.00', previous: '2000.00', status: 'pending', effectiveAt },
      { type: 'SelfExclusionStarted', actor: target.id, at: excludedAt.toISOString(), period: '7d', kind: 'cool_off', until },
      { type: 'RealityCheckSet', actor: target.id, at: excludedAt.toISOString(), intervalMinutes: 45 },
    ]);
    // The state is judged against the clock: a day on, the raise is in force and nothing is pending.
    h.clock.advance(24 * 3600_000);
    expect((await call('GET', url, admin)).json().saferPlay).toMatchObject({ depositDaily: { limit: '9000.00', pending: null }, coolOffUntil: until });
  });

  it('refuses empty, unknown, revoking and over-long changes, and unknown users', async () => {
    const url = `/api/admin/users/${player.id}`;
    expect((await call('PATCH', url, admin, {})).json()).toEqual({ error: 'Nothing to change', code: 'nothing_to_change' });
    expect((await call('PATCH', url, admin, { isAgeVerified: false })).json()).toEqual({ error: 'Age verification cannot be withdrawn', code: 'age_verification_permanent' });
    expect((await call('PATCH', url, admin, { isAdmin: true })).statusCode).toBe(400);
    expect((await call('PATCH', url, admin, { adminNotes: 'x'.repeat(2001) })).json().error).toBe('Admin notes must be at most 2000 characters');
    expect((await call('PATCH', `/api/admin/users/${randomUUID()}`, admin, { isAgeVerified: true })).json()).toEqual({ error: 'User not found', code: 'user_not_found' });
    expect((await call('GET', `/api/admin/users/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/not-a-uuid', admin)).statusCode).toBe(400);
  });
});

describe('test email', () => {
  it('sends through the configured transport (the outbox by default) and refuses a missing address', async () => {
    const res = await call('POST', '/api/admin/test-email', admin, { email: 'ops@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sent: true, transport: 'dev-mailbox' });
    const row = await h.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to_address: 'ops@example.com', kind: 'admin-test', status: 'sent' });
    expect((await call('POST', '/api/admin/test-email', admin, {})).json().error).toBe('Email address is required');
    expect((await call('POST', '/api/admin/test-email', admin, { email: '' })).json().error).toBe('Email address is required');
    expect((await call('POST', '/api/admin/test-email', admin, { email: 'nope' })).json().error).toBe('Invalid email address');
  });

  it("answers the spec's failure text when the mail server refuses", async () => {
    const broken = await createTestHarness({ label: 'admin_smtp', env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const boss = await signUpUser(broken);
      await makeAdmin(broken, boss.user.id);
      const res = await broken.app.inject({ method: 'POST', url: '/api/admin/test-email', headers: authHeader(boss.token), payload: { email: 'ops@example.com' } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ error: 'Failed to send test email. Check SendGrid configuration.', code: 'test_email_failed', params: { transport: expect.stringMatching(/^smtp/) } });
    } finally {
      await broken.close();
    }
  });
});

describe('disputes', () => {
  it('voids a disputed bet from the desk: both players refunded stake and fee, the admin as actor', async () => {
    const alice = await fundedPlayer(h, '500.00');
    const bob = await fundedPlayer(h, '500.00');
    const created = (await call('POST', '/api/bets', alice, { amount: '100', visibility: 'public' })).json();
    expect((await call('POST', `/api/challenges/accept/${created.bet.inviteLinkId}`, bob)).statusCode).toBe(200);
    await call('POST', `/api/bets/${created.bet.id}/result`, alice, { result: 'won' });
    expect((await call('POST', `/api/bets/${created.bet.id}/result`, bob, { result: 'won' })).json().status).toBe('disputed');
    expect((await call('GET', '/api/admin/stats', admin)).json().disputedBets).toBeGreaterThanOrEqual(1);
    const voided = await call('PUT', `/api/admin/bets/${created.bet.id}/resolve`, admin, { winnerId: null, adminNotes: 'no evidence either way' });
    expect(voided.json()).toMatchObject({ status: 'voided', voidReason: 'admin', adminNotes: 'no evidence either way' });
    await h.settle();
    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('500.00');
    expect(available(books, bob.id)).toBe('500.00');
    await checkBooks(h, [created.bet.id]);
    const trail = (await call('GET', `/api/admin/bets/${created.bet.id}/trail`, admin)).json();
    expect(trail.entries.find((e: { type: string }) => e.type === 'BetVoided')).toMatchObject({ kind: 'admin', actor: `admin:${admin.id}` });
  });
});

describe('KYC', () => {
  async function heldWithdrawal(user: Player, usd: string): Promise<string> {
    const withdrawalId = randomUUID();
    const now = h.clock.now();
    await executeWalletCommand(h.deps, { type: 'CreditCryptoDeposit', data: { userId: user.id, depositId: randomUUID(), cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '100', rate: '1', usdAmount: '100.00' }, metadata: { now } }, randomUUID());
    await executeWalletCommand(
      h.deps,
      { type: 'RequestWithdrawal', data: { userId: user.id, withdrawalId, cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: usd, withdrawalAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', rate: '1', usdAmount: `${usd}.00`, ...reviewInputs(false) }, metadata: { now } },
      deterministicId('withdrawal', withdrawalId, 'requested'),
    );
    await h.settle();
    return withdrawalId;
  }

  it('rejects a KYC-held withdrawal: cancelled, hold back in the balance, the admin as actor; approval is refused after', async () => {
    const user = await fundedPlayer(h, '0');
    const id = await heldWithdrawal(user, '40');
    expect((await call('GET', '/api/user', user)).json().cryptoBalance).toBe('60.00');
    const queue = (await call('GET', '/api/admin/crypto/withdrawals/kyc', admin)).json();
    expect(queue.map((w: { id: string }) => w.id)).toContain(id);
    const rejected = await call('POST', `/api/admin/crypto/withdrawals/${id}/reject`, admin, {});
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The KYC status follows the rejection (it read 'pending' before issue #22).
    expect(rejected.json()).toEqual({ id, status: 'cancelled', kycStatus: 'rejected' });
    expect((await call('GET', '/api/user', user)).json().cryptoBalance).toBe('100.00');
    expect((await call('GET', '/api/crypto/withdrawals', user)).json()).toEqual([expect.objectContaining({ id, status: 'cancelled', kycStatus: 'rejected' })]);
    const cancelled = (await h.deps.store.readStream(walletStreamId(user.id))).find((e) => e.type === 'WithdrawalCancelled')!;
    expect(cancelled).toMatchObject({ data: { reason: 'kyc_rejected' }, metadata: { actor: `admin:${admin.id}` } });
    expect((await call('GET', '/api/admin/crypto/withdrawals/kyc', admin)).json().map((w: { id: string }) => w.id)).not.toContain(id);
    // A repeat is the same answer; an approval after it is refused.
    expect((await call('POST', `/api/admin/crypto/withdrawals/${id}/reject`, admin, {})).json()).toEqual({ id, status: 'cancelled', kycStatus: 'rejected' });
    expect((await call('POST', `/api/admin/crypto/withdrawals/${id}/approve`, admin, {})).json()).toMatchObject({ code: 'withdrawal_not_pending' });
    expect((await call('POST', `/api/admin/crypto/withdrawals/${randomUUID()}/reject`, admin, {})).json()).toEqual({ error: 'Withdrawal not found', code: 'withdrawal_not_found' });
  });
});

describe('ledger health', () => {
  it('shows the trial balance per currency, each projector with checkpoint and lag, and the last audit run', async () => {
    await h.settle();
    const empty = (await call('GET', '/api/admin/ledger/health', admin)).json();
    expect(empty.trialBalance.balanced).toBe(true);
    expect(empty.trialBalance.currencies.map((c: { currency: string }) => c.currency)).toContain('NGN');
    expect(empty.projections.projectors.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['ledger', 'users', 'bets']));
    for (const p of empty.projections.projectors) expect(p).toMatchObject({ checkpoint: expect.stringMatching(/^\d+\/\d+$/), lag: expect.any(Number) });
    expect(empty.audit).toEqual({ last: null, lastPassedAt: null });
    await recordAuditRun(h.deps.db, { ranAt: new Date('2026-11-24T01:00:00Z'), passed: true, events: 10, streams: 3, failures: [] });
    await recordAuditRun(h.deps.db, { ranAt: new Date('2026-11-24T02:00:00Z'), passed: false, events: 11, streams: 3, failures: ['hash chain broken at x'] });
    const health = (await call('GET', '/api/admin/ledger/health', admin)).json();
    expect(health.audit).toEqual({ last: { ranAt: '2026-11-24T02:00:00.000Z', passed: false, events: 11, streams: 3, failureCount: 1, failures: ['hash chain broken at x'] }, lastPassedAt: '2026-11-24T01:00:00.000Z' });
    // The audit's record is append-only.
    await expect(h.deps.db.updateTable('audit_runs').set({ passed: true } as never).execute()).rejects.toThrow(/append-only/);
  });
});
