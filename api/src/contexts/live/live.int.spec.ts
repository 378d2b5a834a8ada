// Proves live tracking on PostgreSQL over HTTP: the stats adapters against the sandbox, the ingest job (idempotent re-polls, backoff, rate limit, one poller per bet), the routes' authorization matrix, manual events, /ws match_update, and a simulated COD match that runs to its end and offers both players the suggestion (chat and API), flagging a contradicting report.
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { RecordedEvent } from '@wager/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { matchStreamId, providerMatchStreamId } from '@wager/domain/live/index';
import { findLiveMatch } from '@wager/projections/live/queries';
import { createCodStatsProvider } from '../../adapters/match-stats/cod.js';
import { createFc25StatsProvider } from '../../adapters/match-stats/fc25.js';
import { ProviderRateLimitedError, ProviderUnavailableError } from '../../adapters/match-stats/port.js';
import { MATCH_STATS_SANDBOX_KEY } from '../../adapters/providers.js';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { trackedTimeline } from './index.js';
import { ingestSnapshot } from './commands.js';
import { LiveIngestJob } from './jobs.js';
import { liveTrackingReactor } from './reactors.js';
import { WriteCountingEventStore } from '../../testing/write-counting-store.js';
import { serverMessage } from '@wager/domain/contracts/ws';
import { recordedEvent } from '@wager/projections/testing/projector-spec';

let h: TestHarness;
let base: string;
let job: LiveIngestJob;
const providers = () => ({
  cod: createCodStatsProvider({ baseUrl: `${base}/sandbox/match-stats/cod`, apiKey: MATCH_STATS_SANDBOX_KEY, timeoutMs: 5000 }),
  fc25: createFc25StatsProvider({ baseUrl: `${base}/sandbox/match-stats/fc25`, apiKey: MATCH_STATS_SANDBOX_KEY, timeoutMs: 5000 }),
});

beforeAll(async () => {
  h = await createTestHarness({ label: 'live_api' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  job = new LiveIngestJob(h.deps, providers);
});
afterAll(async () => {
  await h.close();
});

const control = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${base}/sandbox/match-stats/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { matchId: string };
};

async function acceptedBet(alice: Player, bob: Player, rules: Record<string, unknown>) {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public', ...rules } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
  expect(accepted.statusCode, accepted.body).toBe(200);
  // The match stream is opened by the live-tracking reactor: the ingest job polls it once projected.
  await eventually(() => findLiveMatch(h.deps.db, bet.id), (row) => row !== undefined);
  return bet.id;
}

/** One ingest pass a poll interval later (the shared poll slot is taken per interval). */
async function poll() {
  h.clock.advance(31_000);
  const report = await job.tick();
  await h.settle();
  return report;
}
const matchOf = async (p: Player, betId: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/api/matches/${betId}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, any>;
};

describe('stats adapters over HTTP against the sandbox', () => {
  it('reads a COD player feed and an FC25 match feed, maps the players to the bet, and reports faults and rate limits', async () => {
    const [a, b] = [`cod_${randomUUID().slice(0, 8)}#1`, `cod_${randomUUID().slice(0, 8)}#2`];
    const cod = providers().cod;
    expect(await cod.playerLive(a)).toEqual({ isLive: false, match: null });
    const { matchId } = await control('/matches', { game: 'cod', players: [a, b], seed: 7, gameMode: 'search_destroy', roundLimit: 3, realSeconds: 600 });
    await control(`/matches/${matchId}/advance`, { seconds: 300 });
    const live = await cod.playerLive(a);
    expect(live).toMatchObject({ isLive: true, match: { matchId, gameMode: 'search_destroy', status: 'in_progress', roundLimit: 3, teamInfo: { teamSize: 5 } } });
    const snapshot = await cod.snapshot({ challenger: a, opponent: b });
    expect(snapshot).toMatchObject({ matchId, status: 'in_progress', gameMode: 'search_destroy' });
    expect(snapshot!.stats.challenger!.kills).toBe(live.match!.playerStats.kills);
    expect(await cod.snapshot({ challenger: a, opponent: 'someone-else' })).toBeNull();

    const [home, away] = [`psn_${randomUUID().slice(0, 8)}`, `psn_${randomUUID().slice(0, 8)}`];
    const fc = await control('/matches', { game: 'fc25', players: [home, away], seed: 3, matchDuration: 90, realSeconds: 600 });
    await control(`/matches/${fc.matchId}/end`);
    // The bet's challenger is the away player here: scores and possession come back from their side.
    const fc25 = await providers().fc25.snapshot({ challenger: away, opponent: home });
    const described = (await (await fetch(`${base}/sandbox/match-stats/_control/matches/${fc.matchId}`)).json()) as { view: { home: { score: number }; away: { score: number }; possession: { home: number } } };
    expect(fc25).toMatchObject({ status: 'completed', minute: 90, score: { challenger: described.view.away.score, opponent: described.view.home.score }, possession: { opponent: described.view.possession.home } });

    await control('/faults', { kind: 'error', count: 1 });
    await expect(cod.playerLive(a)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await control('/faults', { kind: 'rate_limit', count: 1, retryAfterSeconds: 7 });
    await expect(cod.playerLive(a)).rejects.toMatchObject({ retryAfterMs: 7000 });
    await control('/faults', { kind: 'error', count: 0 });
    const wrongKey = createCodStatsProvider({ baseUrl: `${base}/sandbox/match-stats/cod`, apiKey: 'nope', timeoutMs: 5000 });
    await expect(wrongKey.playerLive(a)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(ProviderRateLimitedError).toBeDefined();
  });
});

describe('a bet whose tracked match is being played', () => {
  it('shows as in_progress ("Live") to its players while the match is played, and as accepted before and after it', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'fc25', goalHandicap: 0 });
    const statusIn = async (p: Player) => {
      const list = (await h.app.inject({ method: 'GET', url: '/api/bets?status=active', headers: p.headers })).json() as { id: string; status: string }[];
      const one = (await h.app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: p.headers })).json() as { status: string };
      return [list.find((b) => b.id === betId)?.status, one.status];
    };
    expect(await statusIn(alice)).toEqual(['accepted', 'accepted']);
    const { matchId } = await control('/matches', { game: 'fc25', players: [alice.user.psnUsername, bob.user.psnUsername], seed: 11, realSeconds: 600 });
    await control(`/matches/${matchId}/advance`, { seconds: 120 });
    await poll();
    expect((await matchOf(alice, betId)).status).toBe('in_progress');
    expect(await statusIn(alice)).toEqual(['in_progress', 'in_progress']);
    expect(await statusIn(bob)).toEqual(['in_progress', 'in_progress']);
    // Money and the decider know only `accepted`: reporting a result works as on any accepted bet.
    await control(`/matches/${matchId}/end`);
    await poll();
    expect((await matchOf(alice, betId)).status).toBe('completed');
    expect(await statusIn(alice)).toEqual(['accepted', 'accepted']);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: alice.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    // Settled, so its tracking closes and the later tests' pollers have nothing of it to poll.
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: bob.headers, payload: { result: 'lost' } })).json().status).toBe('completed');
    await eventually(() => matchOf(alice, betId), (m) => m.tracking === 'closed');
  });
});

describe('a tracked COD match', () => {
  it('runs to its end, offers both players the suggestion (API, chat, /ws), and flags a contradicting report', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'cod', killHandicap: 2, roundLimit: 3, gameMode: 'team_deathmatch' });
    const opened = await matchOf(alice, betId);
    expect(opened).toMatchObject({ betId, gameType: 'cod', status: 'waiting', tracking: 'tracking', totalRounds: 3, suggestion: null });

    const socket: WebSocket = await h.app.injectWS('/ws');
    const inbox: Record<string, any>[] = [];
    socket.on('message', (raw) => inbox.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'auth', token: bob.token }));
    socket.send(JSON.stringify({ type: 'join_match', betId }));
    await eventually(async () => inbox, (l) => l.some((m) => m.type === 'joined' && m.betId === betId));

    const { matchId } = await control('/matches', { game: 'cod', players: [alice.user.activisionId, bob.user.activisionId], seed: 42, gameMode: 'team_deathmatch', roundLimit: 3, realSeconds: 600 });
    await control(`/matches/${matchId}/pause`);
    await control(`/matches/${matchId}/advance`, { seconds: 250 });
    const first = await poll();
    expect(first.polled).toBe(1);
    expect(first.appended).toBeGreaterThan(0);
    const midway = await matchOf(bob, betId);
    expect(midway).toMatchObject({ status: 'paused', matchId, gameMode: 'team_deathmatch', teams: { challenger: { teamSize: 6 } } });
    expect(midway.teams.challenger.players).toHaveLength(4);
    await eventually(async () => inbox, (l) => l.some((m) => m.type === 'match_update' && m.betId === betId && m.data.matchId === matchId));

    // The same match seen again (paused, nothing moved) appends nothing.
    const revision = (await h.deps.store.readStream(matchStreamId(betId))).length;
    expect((await poll()).appended).toBe(0);
    expect(await h.deps.store.readStream(matchStreamId(betId))).toHaveLength(revision);

    const playerLive = await h.app.inject({ method: 'GET', url: `/api/cod/player/${encodeURIComponent(alice.user.activisionId!)}/live`, headers: bob.headers });
    expect(playerLive.json()).toMatchObject({ isLive: true, match: { matchId, gameMode: 'team_deathmatch', teamInfo: { teamName: `${alice.user.activisionId} Squad` } } });

    await control(`/matches/${matchId}/end`);
    await poll();
    const done = await eventually(() => matchOf(alice, betId), (m) => m.suggestion !== null);
    const s = done.suggestion;
    expect(done.status).toBe('completed');
    expect(s).toMatchObject({ matchId, basis: 'kills', handicap: 2, challengerTotal: s.challengerRaw + 2, opponentTotal: s.opponentRaw });
    expect(s.challengerRaw).toBe(done.challengerKills);
    const expectedWinner = s.challengerTotal > s.opponentTotal ? alice.id : s.opponentTotal > s.challengerTotal ? bob.id : null;
    expect(s.winnerId).toBe(expectedWinner);
    expect((await matchOf(bob, betId)).suggestion).toEqual(s);
    const tracking = await h.app.inject({ method: 'GET', url: `/api/cod/bets/${betId}/live-tracking`, headers: alice.headers });
    expect(tracking.json()).toMatchObject({ liveTracking: [{ matchId, gameMode: 'team_deathmatch' }] });
    await eventually(async () => inbox, (l) => l.some((m) => m.type === 'match_update' && m.data.suggestion?.matchId === matchId));
    // Every frame the socket heard (joined, changes, each match_update's match) is one the /ws contract describes.
    for (const m of inbox) expect(serverMessage.safeParse(m).error).toBeUndefined();

    const chatId = chatIdOfBet(betId);
    for (const p of [alice, bob]) {
      const messages = await eventually(
        async () => (await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages`, headers: p.headers })).json() as { content: string; type: string }[],
        (list) => list.some((m) => m.content.startsWith('The tracker saw')),
      );
      expect(messages.find((m) => m.content.startsWith('The tracker saw'))).toMatchObject({ type: 'system' });
    }

    // Whoever the tracker did not see win claims the win: flagged in the trail.
    const claimant = s.winnerId === alice.id ? bob : alice;
    const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: claimant.headers, payload: { result: 'won' } });
    expect(reported.statusCode, reported.body).toBe(200);
    const flagged = await eventually(() => matchOf(alice, betId), (m) => m.flags.length > 0);
    expect(flagged.flags).toMatchObject([{ reporterId: claimant.id, reported: 'won', suggestedWinnerId: s.winnerId }]);
    const { entries, verdict } = await trackedTimeline(h.deps, betId);
    expect(entries[0]).toMatchObject({ source: 'live', type: 'MatchTrackingStarted', actor: 'system' });
    expect(entries.some((e) => e.type === 'KillsRecorded' && e.actor === 'provider:cod')).toBe(true);
    expect(verdict).toMatchObject({ suggestion: { winnerId: s.winnerId }, contradictions: [{ reporterId: claimant.id, reported: 'won' }] });
    socket.terminate();
  });

  it('after a dispute mid-match keeps polling that match to its end, so the admin gets the suggestion', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'fc25', goalHandicap: 0 });
    const { matchId } = await control('/matches', { game: 'fc25', players: [alice.user.psnUsername, bob.user.psnUsername], seed: 8, realSeconds: 600 });
    await control(`/matches/${matchId}/pause`);
    await control(`/matches/${matchId}/advance`, { seconds: 200 });
    await poll();
    expect((await matchOf(alice, betId)).status).toBe('paused');
    for (const p of [alice, bob]) expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    await eventually(() => matchOf(alice, betId), (m) => m.tracking === 'closed');
    expect((await h.app.inject({ method: 'POST', url: `/api/cod/bets/${betId}/report-event`, headers: alice.headers, payload: { eventType: 'kill' } })).statusCode).toBe(404);
    await control(`/matches/${matchId}/end`);
    await poll();
    const ended = await eventually(() => matchOf(bob, betId), (m) => m.suggestion !== null);
    expect(ended).toMatchObject({ status: 'completed', suggestion: { matchId } });
    // One of the two 'won' reports contradicts the tracker (both, on a draw).
    const expectedFlags = ended.suggestion.winnerId === null ? 2 : 1;
    const flagged = await eventually(() => matchOf(bob, betId), (m) => m.flags.length >= expectedFlags);
    expect(flagged.flags.length).toBe(expectedFlags);
    // The match is over: nothing is polled any more.
    expect((await poll()).outcomes.has(betId)).toBe(false);
    // The admin's dispute trail carries the tracked timeline beside the reports: the tracker's
    // events attributed to the provider, the suggestion, the flags, and the match stream's chain.
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const trail = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${betId}/trail`, headers: admin.headers });
    expect(trail.statusCode, trail.body).toBe(200);
    const body = trail.json() as { entries: { source: string; type: string; actor: string | null }[]; chains: { streamId: string; intact: boolean }[] };
    const tracked = body.entries.filter((e) => e.source === 'live');
    expect(tracked.map((e) => e.type)).toEqual(expect.arrayContaining(['MatchTrackingStarted', 'ResultSuggested', 'ReportContradictsTracker']));
    expect(tracked.some((e) => e.actor === 'provider:fc25')).toBe(true);
    expect(body.entries.findIndex((e) => e.type === 'BetResultReported')).toBeGreaterThanOrEqual(0);
    expect(body.chains).toContainEqual(expect.objectContaining({ streamId: matchStreamId(betId), intact: true }));
    // The casebook says what the tracker saw and concluded, with names: the score, the suggestion, each contradiction.
    const said = (type: string) => (body.entries as unknown as { type: string; text: string }[]).filter((e) => e.type === type).map((e) => e.text);
    const [a, b] = [alice.user.username, bob.user.username];
    expect(said('MatchEnded')[0]).toMatch(new RegExp(`^The tracked match ended \\d+–\\d+ \\(${a} v ${b}\\)$`));
    expect(said('ResultSuggested')[0]).toMatch(ended.suggestion.winnerId === null ? /^The tracker suggests a draw: \d+–\d+ goals, handicap 0$/ : new RegExp(`^The tracker suggests (${a}|${b}) won: \\d+–\\d+ goals, handicap 0$`));
    for (const text of said('ReportContradictsTracker')) expect(text).toMatch(new RegExp(`^(${a}|${b}) reported a win, which contradicts the tracker \\(it suggests`));
    expect(said('ReportContradictsTracker')).toHaveLength(expectedFlags);
  });

  it('backs off after a provider failure and stops calling a provider that answered 429', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'fc25', goalHandicap: 1 });
    const own = new LiveIngestJob(h.deps, providers);
    try {
      await control('/faults', { kind: 'error', count: 100 });
      h.clock.advance(31_000);
      expect((await own.tick()).outcomes.get(betId)).toBe('failed');
      // One failure doubles the 30 s interval: 31 s later the bet is not polled, 61 s later it is.
      h.clock.advance(31_000);
      expect((await own.tick()).outcomes.get(betId)).toBeUndefined();
      await control('/faults', { kind: 'rate_limit', count: 100, retryAfterSeconds: 600 });
      h.clock.advance(31_000);
      expect((await own.tick()).outcomes.get(betId)).toBe('failed');
      // The provider said 429 with Retry-After 600 s: no call to it before then, whatever the bet's schedule.
      h.clock.advance(300_000);
      expect((await own.tick()).outcomes.get(betId)).toBe('skipped');
    } finally {
      await control('/faults', { kind: 'error', count: 0 });
    }
    h.clock.advance(301_000);
    expect((await own.tick()).outcomes.get(betId)).toBe(0);
  });

  it('polls a bet once per interval across two ingest jobs (two processes)', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'fc25' });
    await control('/matches', { game: 'fc25', players: [alice.user.psnUsername, bob.user.psnUsername], seed: 5, realSeconds: 600 });
    h.clock.advance(31_000);
    const [one, two] = [new LiveIngestJob(h.deps, providers), new LiveIngestJob(h.deps, providers)];
    const [r1, r2] = await Promise.all([one.tick(), two.tick()]);
    await h.settle();
    expect((await h.deps.store.readStream(matchStreamId(betId))).filter((e) => e.type === 'MatchStarted')).toHaveLength(1);
    // Exactly one of the two polled this bet in this interval; the other found the slot taken or the lock held.
    expect([r1.outcomes.get(betId), r2.outcomes.get(betId)].filter((o) => typeof o === 'number')).toHaveLength(1);
    expect([r1.outcomes.get(betId), r2.outcomes.get(betId)]).toContain('skipped');
  });
});

describe('routes: authorization and manual events', () => {
  it('answers visitors 401, outsiders 404, players, the moderator and admins what each may see and do', async () => {
    const [alice, bob, outsider, mod, admin] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h, '0'), await fundedPlayer(h, '0'), await fundedPlayer(h, '0')];
    await makeAdmin(h, admin.id);
    const betId = await acceptedBet(alice, bob, { gameType: 'cod' });
    const modGrant = await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${mod.id}`, headers: admin.headers, payload: { isModerator: true } });
    expect(modGrant.statusCode, modGrant.body).toBe(200);
    await h.app.inject({ method: 'POST', url: `/api/chats/${chatIdOfBet(betId)}/invite-moderator`, headers: alice.headers });
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatIdOfBet(betId)}/join`, headers: mod.headers })).statusCode).toBe(200);

    const reads = [`/api/matches/${betId}`, `/api/cod/bets/${betId}/live-tracking`, `/api/cod/player/${encodeURIComponent(alice.user.activisionId!)}/live`];
    for (const url of reads) {
      expect((await h.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await h.app.inject({ method: 'GET', url, headers: outsider.headers })).statusCode, url).toBe(404);
      for (const p of [alice, bob, mod, admin]) expect((await h.app.inject({ method: 'GET', url, headers: p.headers })).statusCode, url).toBe(200);
    }
    const report = (p: Player | null, payload: unknown) => h.app.inject({ method: 'POST', url: `/api/cod/bets/${betId}/report-event`, headers: p?.headers ?? {}, payload: payload as Record<string, unknown> });
    expect((await report(null, { eventType: 'kill' })).statusCode).toBe(401);
    expect((await report(outsider, { eventType: 'kill' })).statusCode).toBe(404);
    expect((await report(mod, { eventType: 'kill' })).json()).toMatchObject({ code: 'not_participant' });
    expect((await report(admin, { eventType: 'kill' })).statusCode).toBe(403);

    const ok = await report(alice, { eventType: 'kill', data: { kills: '4', deaths: 2.5, assists: 1 } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ betId, eventType: 'kill', data: { kills: 4, deaths: 0, assists: 1 }, reporterId: alice.id });
    const key = randomUUID();
    const once = await report(bob, { eventType: 'round_win', data: { round: 2 }, clientEventId: key });
    const again = await report(bob, { eventType: 'round_win', data: { round: 2 }, clientEventId: key });
    expect(again.json().id).toBe(once.json().id);
    expect((await report(bob, { eventType: 'round_win', data: { round: 3 }, clientEventId: key })).statusCode).toBe(409);
    expect((await report(bob, { data: {} })).json()).toMatchObject({ error: 'Please select an event type', code: 'event_type_required' });
    expect((await report(bob, { eventType: 'death', data: { deaths: -3 } })).json()).toMatchObject({ code: 'manual_event_negative', params: { field: 'deaths' } });
    const view = await matchOf(mod, betId);
    expect(view.manualEvents.map((m: { eventType: string }) => m.eventType)).toEqual(['kill', 'round_win']);

    // A settled bet takes no more events.
    await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: alice.headers, payload: { result: 'won' } });
    await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: bob.headers, payload: { result: 'lost' } });
    await eventually(() => matchOf(alice, betId), (m) => m.tracking === 'closed');
    expect((await report(alice, { eventType: 'kill' })).json()).toMatchObject({ code: 'bet_not_accepted' });
  });

  it('refuses manual events and COD tracking on an FC25 bet', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await acceptedBet(alice, bob, { gameType: 'fc25' });
    expect((await h.app.inject({ method: 'POST', url: `/api/cod/bets/${betId}/report-event`, headers: alice.headers, payload: { eventType: 'kill' } })).json()).toMatchObject({ code: 'not_cod_bet' });
    expect((await h.app.inject({ method: 'GET', url: `/api/cod/bets/${betId}/live-tracking`, headers: alice.headers })).statusCode).toBe(404);
  });
});

describe('a tracked match belongs to one bet (issue #23)', () => {
  const trackerMessages = async (p: Player, betId: string) =>
    ((await h.app.inject({ method: 'GET', url: `/api/chats/${chatIdOfBet(betId)}/messages`, headers: p.headers })).json() as { content: string }[]).filter((m) => m.content.startsWith('The tracker saw'));

  it('two tracked FC25 bets in a row between the same players: the second never shows the first one’s match, and gets its own', async () => {
    const [ada, bolu] = [await fundedPlayer(h), await fundedPlayer(h)];
    const players = [ada.user.psnUsername, bolu.user.psnUsername];
    const first = await acceptedBet(ada, bolu, { gameType: 'fc25', goalHandicap: 0 });
    const old = await control('/matches', { game: 'fc25', players, seed: 11, realSeconds: 600 });
    await control(`/matches/${old.matchId}/end`);
    await poll();
    const firstView = await eventually(() => matchOf(ada, first), (m) => m.suggestion !== null);
    expect(firstView.suggestion.matchId).toBe(old.matchId);
    await eventually(() => trackerMessages(ada, first), (list) => list.length === 1);
    for (const [p, result] of [[ada, 'won'], [bolu, 'lost']] as const) {
      expect((await h.app.inject({ method: 'POST', url: `/api/bets/${first}/result`, headers: p.headers, payload: { result } })).statusCode).toBe(200);
    }

    // A minute later they play a second bet; the provider still shows the old match as their last.
    h.clock.advance(60_000);
    const second = await acceptedBet(ada, bolu, { gameType: 'fc25', goalHandicap: 0 });
    for (let i = 0; i < 2; i++) await poll();
    expect((await h.deps.store.readStream(matchStreamId(second))).map((e) => e.type)).toEqual(['MatchTrackingStarted']);
    expect(await matchOf(bolu, second)).toMatchObject({ status: 'waiting', matchId: null, challengerScore: 0, opponentScore: 0, events: [], suggestion: null });
    expect(await trackerMessages(ada, second)).toEqual([]);

    // Their own match: the second bet records it, and only it.
    const own = await control('/matches', { game: 'fc25', players, seed: 12, realSeconds: 600 });
    await control(`/matches/${own.matchId}/end`);
    await poll();
    const done = await eventually(() => matchOf(bolu, second), (m) => m.suggestion !== null);
    const described = (await (await fetch(`${base}/sandbox/match-stats/_control/matches/${own.matchId}`)).json()) as { view: { home: { score: number }; away: { score: number } } };
    expect(done).toMatchObject({ matchId: own.matchId, status: 'completed', challengerScore: described.view.home.score, opponentScore: described.view.away.score, suggestion: { matchId: own.matchId } });
    expect(done.events.filter((e: { type: string }) => e.type === 'match_start')).toHaveLength(1);
    const recorded = await h.deps.store.readStream(matchStreamId(second));
    expect(new Set(recorded.flatMap((e) => ((e.data as { matchId?: string }).matchId ? [(e.data as { matchId: string }).matchId] : [])))).toEqual(new Set([own.matchId]));
    const said = await eventually(() => trackerMessages(ada, second), (list) => list.length === 1);
    expect(said[0]!.content).toContain(`${described.view.home.score}–${described.view.away.score}`);
    // Polled again, nothing more; the first bet's claim still names the first bet.
    await poll();
    expect(await trackerMessages(bolu, second)).toHaveLength(1);
    const claims = await h.deps.store.readStream(providerMatchStreamId('fc25', old.matchId));
    expect(claims.map((e) => [e.type, (e.data as { betId: string }).betId])).toEqual([['ProviderMatchClaimed', first]]);
  });

  it('two open bets racing for one provider match (two pollers at once): exactly one records it', async () => {
    const [ada, bolu] = [await fundedPlayer(h), await fundedPlayer(h)];
    const [one, two] = [await acceptedBet(ada, bolu, { gameType: 'fc25' }), await acceptedBet(ada, bolu, { gameType: 'fc25' })];
    const match = await control('/matches', { game: 'fc25', players: [ada.user.psnUsername, bolu.user.psnUsername], seed: 13, realSeconds: 600 });
    await control(`/matches/${match.matchId}/advance`, { seconds: 120 });
    const snapshot = (await providers().fc25.snapshot({ challenger: ada.user.psnUsername!, opponent: bolu.user.psnUsername! }))!;
    const appended = await Promise.all([ingestSnapshot(h.deps, one, 'fc25', snapshot), ingestSnapshot(h.deps, two, 'fc25', snapshot), ingestSnapshot(h.deps, two, 'fc25', snapshot), ingestSnapshot(h.deps, one, 'fc25', snapshot)]);
    const streams = await Promise.all([one, two].map((betId) => h.deps.store.readStream(matchStreamId(betId))));
    const recording = streams.filter((events) => events.some((e) => e.type === 'MatchStarted'));
    expect(recording).toHaveLength(1);
    expect(appended.filter((n) => n > 0)).toHaveLength(1);
    const claims = await h.deps.store.readStream(providerMatchStreamId('fc25', match.matchId));
    expect(claims.map((e) => e.type)).toEqual(['ProviderMatchClaimed']);
    expect((claims[0]!.data as { betId: string }).betId).toBe(recording[0]![0]!.streamId === matchStreamId(one) ? one : two);
  });
});

describe('the live-tracking reactor on a batch of bet events', () => {
  it('closes the trackings of a batch in one transaction across their match streams, and a repeat writes nothing', async () => {
    const [alice, bob, carol, dave] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const bets = [await acceptedBet(alice, bob, { gameType: 'fc25', goalHandicap: 0 }), await acceptedBet(carol, dave, { gameType: 'fc25', goalHandicap: 0 })];
    // Events the harness's reactors never see (not in the log): only the calls below write.
    const voided = bets.map((betId) => recordedEvent('BetVoided', { betId, reason: 'test', refunds: [], voidedAt: h.clock.now().toISOString() }, { streamId: `bet-${betId}`, streamRevision: 9, recordedAt: h.clock.now() }));
    const store = new WriteCountingEventStore(h.deps.store);
    const reactor = liveTrackingReactor({ ...h.deps, store });
    await reactor.handleBatch!(voided);
    await reactor.handleBatch!(voided);
    expect({ writes: store.writes, events: store.events }).toEqual({ writes: 1, events: 2 });
    for (const betId of bets) {
      const closed = (await h.deps.store.readStream(matchStreamId(betId))).filter((e) => e.type === 'TrackingClosed');
      expect(closed.map((e) => (e.data as { reason: string }).reason)).toEqual(['voided']);
    }
  });
});
