// Proves a player's own erasure request: the password is required and checked (nothing recorded otherwise); the request is confirmed by mail and waits the cooling period; it can be cancelled; once due, the erasure job carries it out only when no bet is open and no balance is left (else it stays pending and the status says why), then the person is erased and can no longer sign in; visitors get 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedPlayerName } from '@wager/domain';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser, waitForMail } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { ErasureJob } from './erasure.js';

let h: TestHarness;
let job: ErasureJob;
const HOUR = 3_600_000;
beforeAll(async () => {
  h = await createTestHarness({ label: 'privacy_request', env: { ERASURE_COOLING_HOURS: '24' } });
  job = new ErasureJob(h.deps);
});
afterAll(async () => {
  await h.close();
});

const ask = (p: Player, password?: unknown) => h.app.inject({ method: 'POST', url: '/api/user/erasure', headers: p.headers, payload: password === undefined ? {} : { password } });
const status = async (p: Player) => (await h.app.inject({ method: 'GET', url: '/api/user/erasure', headers: p.headers })).json() as { effectiveAt: string | null; openBets: number; balances: { amount: string }[] };

describe('POST /api/user/erasure', () => {
  it('needs the password; records nothing without it', async () => {
    const p = await fundedPlayer(h, '0');
    const none = await ask(p);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'Enter your password to confirm', code: 'password_required' });
    const wrong = await ask(p, 'Not-the-password1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Wrong password', code: 'wrong_password' });
    expect((await status(p)).effectiveAt).toBeNull();
    expect((await h.app.inject({ method: 'POST', url: '/api/user/erasure', payload: { password: 'x' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/user/erasure' })).statusCode).toBe(401);
  });

  it('mails the confirmation in the player\'s language and zone', async () => {
    const signedUp = await signUpUser(h, { preferredLanguage: 'fr', timezone: 'Europe/Paris' });
    const p = { ...signedUp, id: signedUp.user.id, headers: authHeader(signedUp.token) };
    expect((await ask(p, p.password)).statusCode).toBe(200);
    const at = new Date(h.clock.now().getTime() + 24 * HOUR);
    const mail = await waitForMail(h, p.user.email, 'erasure-requested');
    expect(mail.subject).toBe('Votre compte va être effacé');
    expect(mail.text).toContain(`Il sera effacé après le ${new Intl.DateTimeFormat('fr', { timeZone: 'Europe/Paris', dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(at)} (Europe/Paris)`);
  });

  it('confirms by mail, waits the cooling period, can be cancelled', async () => {
    const p = await fundedPlayer(h, '0');
    const asked = await ask(p, p.password);
    expect(asked.statusCode, asked.body).toBe(200);
    const effectiveAt = new Date(h.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(asked.json()).toMatchObject({ effectiveAt, openBets: 0 });
    const mail = await waitForMail(h, p.user.email, 'erasure-requested');
    // 24 h after 2026-11-21 12:00 UTC, in the player's zone (Africa/Lagos) and language.
    expect(mail.subject).toBe('Your account will be erased');
    expect(mail.text).toContain('after Nov 22, 2026, 13:00 (Africa/Lagos)');
    // Asking again keeps the first request's time.
    h.clock.advance(HOUR);
    expect((await ask(p, p.password)).json()).toMatchObject({ effectiveAt });
    const cancelled = await h.app.inject({ method: 'DELETE', url: '/api/user/erasure', headers: p.headers });
    expect(cancelled.json()).toMatchObject({ effectiveAt: null });
    const again = await h.app.inject({ method: 'DELETE', url: '/api/user/erasure', headers: p.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'There is no erasure request to cancel', code: 'no_erasure_request' });
    h.clock.advance(48 * HOUR);
    expect(await job.tick()).not.toContain(p.id);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: p.headers })).statusCode).toBe(200);
  });

  it('is carried out by the job once due and nothing is left in play; a request with a balance left stays pending and says so', async () => {
    const blocked = await fundedPlayer(h, '200.00');
    const p = await fundedPlayer(h, '0');
    await ask(blocked, blocked.password);
    await ask(p, p.password);
    // Not before the cooling period is over.
    h.clock.advance(23 * HOUR);
    expect(await job.tick()).toEqual([]);
    h.clock.advance(2 * HOUR);
    const erased = await job.tick();
    expect(erased).toContain(p.id);
    expect(erased).not.toContain(blocked.id);
    expect(await status(blocked)).toMatchObject({ effectiveAt: expect.any(String), balances: expect.arrayContaining([expect.objectContaining({ amount: '200.00' })]) });
    expect(await h.deps.db.selectFrom('erasure_requests').select('user_id').where('user_id', '=', blocked.id).execute()).toHaveLength(1);

    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: p.headers })).statusCode).toBe(401);
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: p.user.email, password: p.password } });
    expect(login.statusCode).toBe(401);
    expect(await h.deps.db.selectFrom('users').select('username').where('id', '=', p.id).executeTakeFirstOrThrow()).toEqual({ username: erasedPlayerName(p.id) });
    expect(await h.deps.db.selectFrom('erasure_requests').selectAll().where('user_id', '=', p.id).execute()).toEqual([]);
    const [registered] = await h.deps.store.readStream(`user-${p.id}`);
    expect(registered!.data).toMatchObject({ email: '[erased]' });
  });
});
