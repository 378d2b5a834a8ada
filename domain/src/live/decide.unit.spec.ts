// Proves the match stream's rules: tracking opens once, ingestion is idempotent (a re-poll appends nothing), a bet records only its own provider match (started since the acceptance, claimed by it), manual events follow the spec, and the suggestion applies the handicap.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import {
  MANUAL_EVENTS_PER_WINDOW_MAX,
  contradicts,
  liveDecider,
  liveEventId,
  matchVerdict,
  providerMatchDecider,
  providerMatchEventId,
  providerMatchStreamId,
  suggestResult,
  type LiveCommand,
  type LiveEvent,
  type LiveState,
  type MatchSnapshot,
  type ProviderMatchEvent,
  type ProviderMatchState,
  type SnapshotEvent,
} from './index.js';

const now = new Date('2026-11-24T12:00:00.000Z');
const spec = deciderSpec(liveDecider);
const fold = (events: LiveEvent[], from?: LiveState): LiveState => spec.stateOf(events, from);

function tracked(gameType: 'fc25' | 'cod' = 'fc25', handicap = 0) {
  const [betId, a, b] = [randomUUID(), randomUUID(), randomUUID()];
  const start: LiveCommand = {
    type: 'StartTracking',
    data: { betId, gameType, challenger: { userId: a, handle: 'alpha' }, opponent: { userId: b, handle: 'bravo' }, rules: { handicap, matchDuration: gameType === 'fc25' ? 90 : null, gameMode: gameType === 'cod' ? 'team_deathmatch' : null, roundLimit: gameType === 'cod' ? 3 : null }, acceptedAt: now.toISOString() },
    metadata: { now },
  };
  const events = liveDecider.decide(start, liveDecider.initialState());
  return { betId, a, b, state: fold(events), start };
}

function fc25Snapshot(minute: number, goals: { side: 'challenger' | 'opponent'; minute: number }[], duration = 90): MatchSnapshot {
  const seen = goals.filter((g) => g.minute <= minute);
  const events: SnapshotEvent[] = seen.map((g, i) => ({ id: `g${i}`, type: 'goal', minute: g.minute, side: g.side, player: `P${i}`, round: null }));
  if (minute >= duration / 2) events.push({ id: 'ht', type: 'half_time', minute: duration / 2, side: null, player: null, round: null });
  if (minute >= duration) events.push({ id: 'ft', type: 'full_time', minute: duration, side: null, player: null, round: null });
  return {
    matchId: 'm1',
    status: minute >= duration ? 'completed' : 'in_progress',
    minute: Math.min(minute, duration),
    startTime: now.toISOString(),
    gameMode: 'Kick Off',
    map: null,
    score: { challenger: seen.filter((g) => g.side === 'challenger').length, opponent: seen.filter((g) => g.side === 'opponent').length },
    stats: { challenger: null, opponent: null },
    possession: { challenger: 52, opponent: 48 },
    teams: { challenger: null, opponent: null },
    events,
  };
}
const ingest = (betId: string, snapshot: MatchSnapshot, provider: 'fc25' | 'cod' = 'fc25'): LiveCommand => ({ type: 'IngestSnapshot', data: { betId, provider, snapshot, claimedByBet: true }, metadata: { now } });
const manual = (betId: string, userId: string, eventType: unknown, data: unknown, at = now, eventId = randomUUID()): LiveCommand => ({
  type: 'ReportManualEvent',
  data: { betId, eventId, reporter: { kind: 'player', userId }, eventType, data },
  metadata: { now: at },
});

describe('live decider: tracking and ingestion', () => {
  it('opens the match stream once per bet', () => {
    const { state, start } = tracked();
    expect(state).toMatchObject({ status: 'tracking', phase: 'waiting' });
    expect(liveDecider.decide(start, state)).toEqual([]);
  });

  it('records a poll once: the same snapshot again appends nothing, and event ids come from the observation', () => {
    const { betId, state } = tracked();
    const snapshot = fc25Snapshot(30, [{ side: 'challenger', minute: 12 }]);
    const first = liveDecider.decide(ingest(betId, snapshot), state);
    expect(first.map((e) => e.type)).toEqual(['MatchStarted', 'GoalScored', 'MatchProgressed']);
    expect(first.every((e) => e.data.reporter.kind === 'provider')).toBe(true);
    expect(liveDecider.decide(ingest(betId, snapshot), fold(first, state))).toEqual([]);
    // Another process deciding on the same state names the same events with the same ids.
    expect(liveDecider.decide(ingest(betId, snapshot), state).map(liveEventId)).toEqual(first.map(liveEventId));
  });

  it('ends a match with the suggestion, winner by goals with the handicap applied', () => {
    const { betId, a, state } = tracked('fc25', -1);
    const goals = [
      { side: 'challenger' as const, minute: 10 },
      { side: 'challenger' as const, minute: 50 },
      { side: 'opponent' as const, minute: 70 },
    ];
    const events = liveDecider.decide(ingest(betId, fc25Snapshot(90, goals)), state);
    expect(events.map((e) => e.type)).toEqual(['MatchStarted', 'GoalScored', 'HalfTime', 'GoalScored', 'GoalScored', 'FullTime', 'MatchEnded', 'ResultSuggested']);
    const suggested = events.at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>;
    // 2–1 with a -1 handicap on the challenger: 1–1, a draw.
    expect(suggested.data.suggestion).toMatchObject({ winnerId: null, challengerRaw: 2, opponentRaw: 1, challengerTotal: 1, opponentTotal: 1, basis: 'goals' });
    const plain = tracked('fc25', 0);
    const again = liveDecider.decide(ingest(plain.betId, fc25Snapshot(90, goals)), plain.state).at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>;
    expect(again.data.suggestion.winnerId).toBe(plain.a);
    expect(a).not.toBe(plain.a);
  });

  it('records cod stats, rounds won and lost, and suggests by kills with the kill handicap', () => {
    const { betId, a, b, state } = tracked('cod', 3);
    const snapshot: MatchSnapshot = {
      ...fc25Snapshot(0, []),
      matchId: 'cod-1',
      status: 'completed',
      score: { challenger: 1, opponent: 2 },
      stats: { challenger: { kills: 20, deaths: 22, assists: 3, damage: 2100 }, opponent: { kills: 22, deaths: 20, assists: 5, damage: 2300 } },
      events: [{ id: 'r1', type: 'round_won', minute: 3, side: 'opponent', player: null, round: 1 }],
    };
    const events = liveDecider.decide(ingest(betId, snapshot, 'cod'), state);
    expect(events.map((e) => e.type)).toEqual(['MatchStarted', 'RoundWon', 'RoundLost', 'KillsRecorded', 'KillsRecorded', 'MatchEnded', 'ResultSuggested']);
    const suggestion = (events.at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>).data.suggestion;
    expect(suggestion).toMatchObject({ basis: 'kills', challengerTotal: 23, opponentTotal: 22, winnerId: a });
    expect(b).toBeTruthy();
  });

  it('records nothing once tracking is closed', () => {
    const { betId, state } = tracked();
    const closed = fold(liveDecider.decide({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }, state), state);
    expect(liveDecider.decide(ingest(betId, fc25Snapshot(20, [])), closed)).toEqual([]);
    expect(liveDecider.decide({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }, closed)).toEqual([]);
  });

  it('after a dispute keeps recording the match being played until it ends, and nothing else', () => {
    const { betId, state } = tracked();
    const midway = fold(liveDecider.decide(ingest(betId, fc25Snapshot(60, [{ side: 'opponent', minute: 20 }])), state), state);
    const disputed = fold(liveDecider.decide({ type: 'CloseTracking', data: { betId, reason: 'disputed' }, metadata: { now } }, midway), midway);
    expect(liveDecider.decide(ingest(betId, { ...fc25Snapshot(30, []), matchId: 'another' }), disputed)).toEqual([]);
    const ended = liveDecider.decide(ingest(betId, fc25Snapshot(90, [{ side: 'opponent', minute: 20 }])), disputed);
    expect(ended.map((e) => e.type)).toContain('ResultSuggested');
    const done = fold(ended, disputed);
    expect(liveDecider.decide(ingest(betId, { ...fc25Snapshot(90, [{ side: 'opponent', minute: 20 }, { side: 'challenger', minute: 5 }]), events: [] }), done)).toEqual([]);
    const settled = fold(liveDecider.decide({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }, midway), midway);
    expect(liveDecider.decide(ingest(betId, fc25Snapshot(90, [])), settled)).toEqual([]);
  });

  it('property: any sequence of polls, each repeated any number of times, records each goal once and ends like one final poll', () => {
    const goalArb = fc.array(fc.record({ side: fc.constantFrom('challenger' as const, 'opponent' as const), minute: fc.integer({ min: 1, max: 90 }) }), { maxLength: 8 });
    fc.assert(
      fc.property(goalArb, fc.array(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 3 })), { maxLength: 12 }), (goals, polls) => {
        const { betId, state: start } = tracked();
        let state = start;
        const all: LiveEvent[] = [];
        const minutes = [...polls].sort((x, y) => x[0] - y[0]);
        for (const [minute, repeats] of [...minutes, [95, 2] as [number, number]]) {
          for (let i = 0; i < repeats; i++) {
            const events = liveDecider.decide(ingest(betId, fc25Snapshot(minute, goals)), state);
            if (i > 0) expect(events).toEqual([]);
            all.push(...events);
            state = fold(events, state);
          }
        }
        expect(all.filter((e) => e.type === 'GoalScored')).toHaveLength(goals.length);
        expect(new Set(all.map(liveEventId)).size).toBe(all.length);
        const single = tracked();
        const once = fold(liveDecider.decide(ingest(single.betId, fc25Snapshot(95, goals)), single.state), single.state);
        expect(state).toMatchObject({ phase: 'completed', score: (once as { score: unknown }).score });
        expect(all.filter((e) => e.type === 'ResultSuggested')).toHaveLength(1);
      }),
    );
  });
});

describe('live decider: manual events', () => {
  it('records a player event with the fields its type reveals, integers only', () => {
    const { betId, a, state } = tracked('cod');
    const [event] = liveDecider.decide(manual(betId, a, 'kill', { kills: '3', deaths: 1.5, assists: 'x', round: 9 }), state);
    expect(event).toMatchObject({ type: 'ManualEventReported', data: { eventType: 'kill', data: { kills: 3, deaths: 0, assists: 0 }, reporter: { kind: 'player', userId: a } } });
    const [round] = liveDecider.decide(manual(betId, a, 'round_win', { round: 2, kills: 4 }), state);
    expect(round).toMatchObject({ data: { data: { round: 2 } } });
    const [start] = liveDecider.decide(manual(betId, a, 'match_start', { round: 2 }), state);
    expect(start).toMatchObject({ data: { data: {} } });
  });

  it('refuses a missing or unknown type, negatives, outsiders, and a closed match', () => {
    const { betId, a, state } = tracked('cod');
    expect(spec.givenState(state).when(manual(betId, a, undefined, {})).thenRefused()).toMatchObject({ status: 400, code: 'event_type_required' });
    expect(spec.givenState(state).when(manual(betId, a, 'headshot', {})).thenRefused()).toMatchObject({ status: 400, code: 'event_type_required' });
    expect(spec.givenState(state).when(manual(betId, a, 'death', { deaths: -1 })).thenRefused()).toMatchObject({ status: 400, code: 'manual_event_negative', params: { field: 'deaths' } });
    expect(spec.givenState(state).when(manual(betId, a, 'round_loss', { round: '-2' })).thenRefused()).toMatchObject({ status: 400, code: 'manual_event_negative' });
    expect(spec.givenState(state).when(manual(betId, randomUUID(), 'kill', {})).thenRefused()).toMatchObject({ status: 403, code: 'not_participant' });
    expect(spec.givenState(liveDecider.initialState()).when(manual(betId, a, 'kill', {})).thenRefused()).toMatchObject({ status: 404 });
    const closed = fold(liveDecider.decide({ type: 'CloseTracking', data: { betId, reason: 'disputed' }, metadata: { now } }, state), state);
    expect(spec.givenState(closed).when(manual(betId, a, 'kill', {})).thenRefused()).toMatchObject({ status: 409, code: 'bet_not_accepted' });
  });

  it('property: every numeric field is an integer ≥ 0 or the event is refused as negative', () => {
    const { betId, a, state } = tracked('cod');
    const value = fc.oneof(fc.integer({ min: -50, max: 1000 }), fc.double(), fc.string(), fc.constant(null), fc.constant(undefined), fc.integer({ min: -50, max: 1000 }).map(String));
    fc.assert(
      fc.property(fc.constantFrom('kill', 'death', 'assist'), value, value, value, (type, kills, deaths, assists) => {
        const asInt = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number.parseInt(v, 10) : 0);
        const negative = [kills, deaths, assists].some((v) => asInt(v) < 0);
        if (negative) return void expect(spec.givenState(state).when(manual(betId, a, type, { kills, deaths, assists })).thenRefused().code).toBe('manual_event_negative');
        const [event] = liveDecider.decide(manual(betId, a, type, { kills, deaths, assists }), state);
        expect(event).toMatchObject({ data: { data: { kills: asInt(kills), deaths: asInt(deaths), assists: asInt(assists) } } });
      }),
    );
  });

  it('treats a resend under one id as one event, another event under it as a conflict, and limits the pace per player', () => {
    const { betId, a, b, state: start } = tracked('cod');
    const eventId = randomUUID();
    const stored = fold(liveDecider.decide(manual(betId, a, 'kill', { kills: 1 }, now, eventId), start), start);
    expect(liveDecider.decide(manual(betId, a, 'kill', { kills: 1 }, now, eventId), stored)).toEqual([]);
    expect(spec.givenState(stored).when(manual(betId, a, 'kill', { kills: 2 }, now, eventId)).thenRefused()).toMatchObject({ status: 409, code: 'idempotency_conflict' });
    let state = start;
    for (let i = 0; i < MANUAL_EVENTS_PER_WINDOW_MAX; i++) state = fold(liveDecider.decide(manual(betId, a, 'assist', {}, new Date(now.getTime() + i)), state), state);
    expect(spec.givenState(state).when(manual(betId, a, 'assist', {}, new Date(now.getTime() + 1000))).thenRefused()).toMatchObject({ status: 429 });
    expect(liveDecider.decide(manual(betId, b, 'assist', {}, new Date(now.getTime() + 1000)), state)).toHaveLength(1);
    expect(liveDecider.decide(manual(betId, a, 'assist', {}, new Date(now.getTime() + 61_000)), state)).toHaveLength(1);
  });
});

describe('live decider: suggestion and contradicting reports', () => {
  it('property: the winner is the side with the larger total after the handicap, and a report contradicts it exactly when it says otherwise', () => {
    fc.assert(
      fc.property(fc.constantFrom('fc25' as const, 'cod' as const), fc.integer({ min: -20, max: 20 }), fc.nat(60), fc.nat(60), fc.nat(60), fc.nat(60), (gameType, handicap, cs, os, ck, ok) => {
        const s = suggestResult({ gameType, challengerId: 'c', opponentId: 'o', handicap, challengerScore: cs, opponentScore: os, challengerKills: ck, opponentKills: ok });
        const [mine, theirs] = gameType === 'fc25' ? [cs, os] : [ck, ok];
        expect(s.winnerId).toBe(mine + handicap > theirs ? 'c' : theirs > mine + handicap ? 'o' : null);
        if (s.winnerId) {
          expect(contradicts(s, s.winnerId, 'won')).toBe(false);
          expect(contradicts(s, s.winnerId, 'lost')).toBe(true);
        } else expect(contradicts(s, 'c', 'lost')).toBe(true);
      }),
    );
  });

  it('flags a report that contradicts the suggestion, once per reporter; nothing before the match ended', () => {
    const { betId, a, b, state } = tracked();
    const check = (reporterId: string, result: 'won' | 'lost'): LiveCommand => ({ type: 'CheckReport', data: { betId, reporterId, result }, metadata: { now } });
    expect(liveDecider.decide(check(b, 'won'), state)).toEqual([]);
    const ended = fold(liveDecider.decide(ingest(betId, fc25Snapshot(90, [{ side: 'challenger', minute: 5 }])), state), state);
    expect(liveDecider.decide(check(a, 'won'), ended)).toEqual([]);
    const flagged = liveDecider.decide(check(b, 'won'), ended);
    expect(flagged).toMatchObject([{ type: 'ReportContradictsTracker', data: { reporterId: b, reported: 'won', suggestedWinnerId: a } }]);
    expect(liveDecider.decide(check(b, 'won'), fold(flagged, ended))).toEqual([]);
  });
});

describe('live decider: a tracked match belongs to one bet', () => {
  const claimed = (betId: string, snapshot: MatchSnapshot, claimedByBet: boolean): LiveCommand => ({ type: 'IngestSnapshot', data: { betId, provider: 'fc25', snapshot, claimedByBet }, metadata: { now } });
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('ignores a match that started before the bet was accepted, even one nobody claimed', () => {
    const { betId, state } = tracked();
    const old = { ...fc25Snapshot(90, [{ side: 'challenger', minute: 5 }]), matchId: 'old', startTime: before(1) };
    expect(matchVerdict(state, old)).toEqual({ kind: 'ignore', reason: 'before_acceptance' });
    expect(liveDecider.decide(claimed(betId, old, true), state)).toEqual([]);
    expect(matchVerdict(state, { ...old, startTime: 'not a time' })).toEqual({ kind: 'ignore', reason: 'before_acceptance' });
  });

  it('records a match that started at or after the acceptance only once its claim names the bet, and then no other match', () => {
    const { betId, state } = tracked();
    const first = fc25Snapshot(30, [{ side: 'opponent', minute: 12 }]);
    expect(matchVerdict(state, first)).toEqual({ kind: 'claim' });
    expect(liveDecider.decide(claimed(betId, first, false), state)).toEqual([]);
    const bound = fold(liveDecider.decide(claimed(betId, first, true), state), state);
    expect(bound).toMatchObject({ matchId: 'm1' });
    expect(matchVerdict(bound, fc25Snapshot(60, []))).toEqual({ kind: 'bound' });
    const later = { ...fc25Snapshot(90, [{ side: 'challenger', minute: 3 }]), matchId: 'm2', startTime: new Date(now.getTime() + 600_000).toISOString() };
    expect(matchVerdict(bound, later)).toEqual({ kind: 'ignore', reason: 'another_match' });
    expect(liveDecider.decide(claimed(betId, later, true), bound)).toEqual([]);
    // A match not started yet binds nothing.
    expect(matchVerdict(state, { ...first, status: 'waiting' })).toEqual({ kind: 'ignore', reason: 'not_started' });
  });

  it('claim stream: the first claim wins, the owner claiming again decides nothing, a release lets another bet claim it', () => {
    const claim = (betId: string) => ({ type: 'ClaimProviderMatch' as const, data: { provider: 'fc25' as const, matchId: 'm1', betId, startTime: now.toISOString() }, metadata: { now } });
    const apply = (s: ProviderMatchState, events: ProviderMatchEvent[]) => events.reduce(providerMatchDecider.evolve, s);
    const [b1, b2] = [randomUUID(), randomUUID()];
    const won = providerMatchDecider.decide(claim(b1), providerMatchDecider.initialState());
    expect(won).toMatchObject([{ type: 'ProviderMatchClaimed', data: { betId: b1, matchId: 'm1' } }]);
    const owned = apply(providerMatchDecider.initialState(), won);
    expect(providerMatchDecider.decide(claim(b2), owned)).toEqual([]);
    expect(providerMatchDecider.decide(claim(b1), owned)).toEqual([]);
    expect(providerMatchDecider.decide({ type: 'ReleaseProviderMatch', data: { provider: 'fc25', matchId: 'm1', betId: b2 }, metadata: { now } }, owned)).toEqual([]);
    const released = apply(owned, providerMatchDecider.decide({ type: 'ReleaseProviderMatch', data: { provider: 'fc25', matchId: 'm1', betId: b1 }, metadata: { now } }, owned));
    expect(released.owner).toBeNull();
    const again = providerMatchDecider.decide(claim(b2), released);
    expect(apply(released, again).owner).toBe(b2);
    expect(providerMatchEventId(again[0]!, 2)).not.toBe(providerMatchEventId(won[0]!, 0));
    expect(providerMatchStreamId('fc25', 'm1')).toBe('provider-match-fc25-m1');
  });
});
