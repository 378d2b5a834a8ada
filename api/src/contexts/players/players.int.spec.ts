// Proves Find Opponents and the leaderboard on PostgreSQL: profiles never carry an email or phone, filters by game, rating range, online recently and text search; admins and suspended accounts are never listed (nor admins ranked); the leaderboard ranks by rating with wins, losses, win rate and winnings per game and overall, paged, with the viewer's own rank; a visitor gets 401.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { restrictAccount } from '../accounts/index.js';
import { type Player } from '../bets/testing.js';
import { executeWalletCommand } from '../wallet/index.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'players_api' });
});
afterAll(async () => {
  await h.close();
});

const tag = () => randomBytes(3).toString('hex');

async function player(username: string, overrides: Record<string, unknown> = {}): Promise<Player> {
  const user = await signUpUser(h, { username, email: `${username}@example.com`, ...overrides });
  await executeWalletCommand(
    h.deps,
    { type: 'CreditDeposit', data: { userId: user.user.id, depositId: crypto.randomUUID(), provider: 'paystack', reference: crypto.randomUUID(), amount: '5000', currency: 'NGN' }, metadata: { now: h.clock.now() } },
    crypto.randomUUID(),
  );
  return { ...user, id: user.user.id, headers: authHeader(user.token) };
}

/** `winner` beats `loser` in a settled bet of `gameType` (both report). */
async function play(winner: Player, loser: Player, gameType: 'fc25' | 'cod', amount = '100') {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: winner.headers, payload: { gameType, amount, visibility: 'private', opponentId: loser.id } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: loser.headers })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: winner.headers, payload: { result: 'won' } })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: loser.headers, payload: { result: 'lost' } })).statusCode).toBe(200);
  await eventually(() => h.deps.db.selectFrom('user_stats_settlements').select('bet_id').where('bet_id', '=', bet.id).executeTakeFirst(), (stats) => stats !== undefined, `bet ${bet.id} settled in the players' stats`);
}

type Profile = { id: string; username: string; rating: number; wins: number; losses: number; online: boolean; isPsnVerified: boolean; isActivisionVerified: boolean; psnUsername: string | null; activisionId: string | null };
const opponents = async (p: Player, query: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/api/opponents?${query}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { players: Profile[]; page: number; totalPages: number };
};

describe('GET /api/opponents', () => {
  it('lists other players with rating, record and badges, never an email or phone, filtered as asked', async () => {
    const t = tag();
    const ann = await player(`ann_${t}`);
    const bob = await player(`bob_${t}`, { activisionId: '' });
    const cy = await player(`cy_${t}`, { psnUsername: '' });
    await play(ann, bob, 'fc25');
    const all = await opponents(ann, `search=_${t}`);
    expect(all.players.map((p) => p.username).sort()).toEqual([`bob_${t}`, `cy_${t}`]);
    for (const profile of all.players) {
      expect(Object.keys(profile).sort()).toEqual(['activisionId', 'id', 'isActivisionVerified', 'isPsnVerified', 'lastSeenAt', 'losses', 'online', 'psnUsername', 'rating', 'username', 'wins']);
      expect(JSON.stringify(profile)).not.toMatch(/@example\.com|\+234/);
    }
    const bobProfile = all.players.find((p) => p.id === bob.id)!;
    expect(bobProfile).toMatchObject({ wins: 0, losses: 1, isActivisionVerified: false });
    expect(bobProfile.rating).toBeLessThan(1000);
    // Game: FC 25 needs a PSN name, COD an Activision id.
    expect((await opponents(ann, `search=_${t}&game=fc25`)).players.map((p) => p.id)).toEqual([bob.id]);
    expect((await opponents(ann, `search=_${t}&game=cod`)).players.map((p) => p.id)).toEqual([cy.id]);
    // Rating range: Bob fell below 1000, Cy has the default 1000.
    expect((await opponents(ann, `search=_${t}&ratingMin=1000`)).players.map((p) => p.id)).toEqual([cy.id]);
    expect((await opponents(ann, `search=_${t}&ratingMax=999`)).players.map((p) => p.id)).toEqual([bob.id]);
    // Text search matches the username (and gaming ids), case-insensitively.
    expect((await opponents(bob, `search=ANN_${t}`)).players.map((p) => p.id)).toEqual([ann.id]);
    // Online recently: a player whose sessions are all signed out is not online.
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: cy.headers })).statusCode).toBeLessThan(300);
    const online = await opponents(ann, `search=_${t}&online=true`);
    expect(online.players.map((p) => p.id)).toEqual([bob.id]);
    expect(online.players[0]!.online).toBe(true);
  });

  it('never lists an admin or a suspended account as a player to challenge, nor an admin on the leaderboard (issue #29)', async () => {
    const t = tag();
    const ann = await player(`ann_${t}`);
    const boss = await player(`boss_${t}`);
    const gone = await player(`gone_${t}`);
    const dee = await player(`dee_${t}`);
    await play(boss, dee, 'fc25');
    expect((await opponents(ann, `search=_${t}`)).players.map((p) => p.username).sort()).toEqual([`boss_${t}`, `dee_${t}`, `gone_${t}`]);
    const board = async () => ((await h.app.inject({ method: 'GET', url: '/api/leaderboard?limit=50', headers: ann.headers })).json() as { entries: { id: string }[] }).entries.map((p) => p.id);
    expect(await board()).toContain(boss.id);
    await makeAdmin(h, boss.id);
    await restrictAccount(h.deps, { userId: gone.id, adminId: boss.id, restriction: 'suspension', on: true, reason: 'Multiple accounts' });
    expect((await opponents(ann, `search=_${t}`)).players.map((p) => p.username)).toEqual([`dee_${t}`]);
    const after = await board();
    expect(after).not.toContain(boss.id);
    expect(after).toContain(dee.id);
  });

  it('pages and refuses bad filters with 400; a visitor gets 401', async () => {
    const t = tag();
    const me = await player(`me_${t}`);
    for (let i = 0; i < 3; i += 1) await player(`pg${i}_${t}`);
    const first = await opponents(me, `search=_${t}&limit=2`);
    expect(first).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.players).toHaveLength(2);
    expect((await opponents(me, `search=_${t}&limit=2&page=2`)).players).toHaveLength(1);
    expect((await h.app.inject({ method: 'GET', url: '/api/opponents?game=chess', headers: me.headers })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/opponents?ratingMin=-5', headers: me.headers })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/opponents' })).statusCode).toBe(401);
  });
});

type Entry = { rank: number; id: string; username: string; rating: number; wins: number; losses: number; winRate: number; totalWinnings: string };
describe('GET /api/leaderboard', () => {
  it('ranks by rating with record, win rate and winnings, overall and per game, paged, with my rank', async () => {
    const t = tag();
    const a = await player(`la_${t}`);
    const b = await player(`lb_${t}`);
    const c = await player(`lc_${t}`);
    await play(a, b, 'fc25', '100');
    await play(a, c, 'cod', '250');
    await play(c, b, 'fc25', '50');
    const board = async (p: Player, query = '') => {
      const res = await h.app.inject({ method: 'GET', url: `/api/leaderboard${query}`, headers: p.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { entries: Entry[]; me: Entry | null; currency: string; page: number; totalPages: number };
    };
    const overall = await board(b, '?limit=100');
    const mine = overall.entries.filter((e) => [a.id, b.id, c.id].includes(e.id));
    expect(mine.map((e) => e.id)).toEqual([a.id, c.id, b.id]);
    expect(mine[0]).toMatchObject({ wins: 2, losses: 0, winRate: 100, totalWinnings: '700.00' });
    expect(mine[1]).toMatchObject({ wins: 1, losses: 1, winRate: 50, totalWinnings: '100.00' });
    expect(mine[2]).toMatchObject({ wins: 0, losses: 2, winRate: 0, totalWinnings: '0.00' });
    expect(overall.currency).toBe('NGN');
    for (let i = 1; i < overall.entries.length; i += 1) expect(overall.entries[i]!.rating).toBeLessThanOrEqual(overall.entries[i - 1]!.rating);
    expect(overall.me).toEqual(mine[2]);
    // Per game: COD counts only A's win over C.
    const cod = await board(c, '?game=cod&limit=100');
    expect(cod.entries.find((e) => e.id === a.id)).toMatchObject({ wins: 1, losses: 0, totalWinnings: '500.00' });
    expect(cod.entries.find((e) => e.id === b.id)).toBeUndefined();
    expect(cod.me).toMatchObject({ id: c.id, wins: 0, losses: 1 });
    // Paged: one row a page.
    const page2 = await board(a, '?limit=1&page=2');
    expect(page2.entries).toHaveLength(1);
    expect(page2.entries[0]!.rank).toBe(2);
    // A player without a settled match has no rank.
    const newcomer = await player(`ln_${t}`);
    expect((await board(newcomer)).me).toBeNull();
  });

  it('answers a visitor 401 and a bad game 400', async () => {
    const me = await player(`lv_${tag()}`);
    expect((await h.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/leaderboard?game=chess', headers: me.headers })).statusCode).toBe(400);
  });
});
