// Proves the match stream's rules: tracking opens once, ingestion is idempotent (a re-poll appends nothing), a bet records only its own provider match (started since the acceptance, claimed by it), manual events follow the spec, and the suggestion applies the handicap.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import {
  MANUAL_EVENTS_PER_WINDOW_MAX,
  MANUAL_EVENT_NUMBER_MAX,
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
  type SnapshotEvent,
} from './index.js';

const now = new Date('2026-11-24T12:00:00.000Z');
const spec = deciderSpec(liveDecider);
const fold = (events: LiveEvent[], from?: LiveState): LiveState => spec.stateOf(events, from);
const providerMatches = deciderSpec(providerMatchDecider);

function tracked(gameType: 'fc25' | 'cod' = 'fc25', handicap = 0) {
  const [betId, a, b] = [randomUUID(), randomUUID(), randomUUID()];
  const start: LiveCommand = {
    type: 'StartTracking',
    data: { betId, gameType, challenger: { userId: a, handle: 'alpha' }, opponent: { userId: b, handle: 'bravo' }, rules: { handicap, matchDuration: gameType === 'fc25' ? 90 : null, gameMode: gameType === 'cod' ? 'team_deathmatch' : null, roundLimit: gameType === 'cod' ? 3 : null }, acceptedAt: now.toISOString() },
    metadata: { now },
  };
  return { betId, a, b, state: spec.stateAfter([start]), start };
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
    spec.givenState(state).when(start).thenNothing();
  });

  it('records a poll once: the same snapshot again appends nothing, and event ids come from the observation', () => {
    const { betId, state } = tracked();
    const snapshot = fc25Snapshot(30, [{ side: 'challenger', minute: 12 }]);
    const first = spec.givenState(state).when(ingest(betId, snapshot)).events();
    expect(first.map((e) => e.type)).toEqual(['MatchStarted', 'GoalScored', 'MatchProgressed']);
    expect(first.every((e) => e.data.reporter.kind === 'provider')).toBe(true);
    spec.givenState(fold(first, state)).when(ingest(betId, snapshot)).thenNothing();
    // Another process deciding on the same state names the same events with the same ids.
    expect(spec.givenState(state).when(ingest(betId, snapshot)).events().map(liveEventId)).toEqual(first.map(liveEventId));
  });

  it('ends a match with the suggestion, winner by goals with the handicap applied', () => {
    const { betId, a, state } = tracked('fc25', -1);
    const goals = [
      { side: 'challenger' as const, minute: 10 },
      { side: 'challenger' as const, minute: 50 },
      { side: 'opponent' as const, minute: 70 },
    ];
    const events = spec.givenState(state).when(ingest(betId, fc25Snapshot(90, goals))).events();
    expect(events.map((e) => e.type)).toEqual(['MatchStarted', 'GoalScored', 'HalfTime', 'GoalScored', 'GoalScored', 'FullTime', 'MatchEnded', 'ResultSuggested']);
    const suggested = events.at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>;
    // 2–1 with a -1 handicap on the challenger: 1–1, a draw.
    expect(suggested.data.suggestion).toMatchObject({ winnerId: null, challengerRaw: 2, opponentRaw: 1, challengerTotal: 1, opponentTotal: 1, basis: 'goals' });
    const plain = tracked('fc25', 0);
    const again = spec.givenState(plain.state).when(ingest(plain.betId, fc25Snapshot(90, goals))).events().at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>;
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
    const events = spec.givenState(state).when(ingest(betId, snapshot, 'cod')).events();
    expect(events.map((e) => e.type)).toEqual(['MatchStarted', 'RoundWon', 'RoundLost', 'KillsRecorded', 'KillsRecorded', 'MatchEnded', 'ResultSuggested']);
    const suggestion = (events.at(-1) as Extract<LiveEvent, { type: 'ResultSuggested' }>).data.suggestion;
    expect(suggestion).toMatchObject({ basis: 'kills', challengerTotal: 23, opponentTotal: 22, winnerId: a });
    expect(b).toBeTruthy();
  });

  it('records nothing once tracking is closed', () => {
    const { betId, state } = tracked();
    const closed = spec.givenState(state).when({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }).after();
    spec.givenState(closed).when(ingest(betId, fc25Snapshot(20, []))).thenNothing();
    spec.givenState(closed).when({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }).thenNothing();
  });

  it('after a dispute keeps recording the match being played until it ends, and nothing else', () => {
    const { betId, state } = tracked();
    const midway = spec.givenState(state).when(ingest(betId, fc25Snapshot(60, [{ side: 'opponent', minute: 20 }]))).after();
    const disputed = spec.givenState(midway).when({ type: 'CloseTracking', data: { betId, reason: 'disputed' }, metadata: { now } }).after();
    spec.givenState(disputed).when(ingest(betId, { ...fc25Snapshot(30, []), matchId: 'another' })).thenNothing();
    const ended = spec.givenState(disputed).when(ingest(betId, fc25Snapshot(90, [{ side: 'opponent', minute: 20 }]))).events();
    expect(ended.map((e) => e.type)).toContain('ResultSuggested');
    const done = fold(ended, disputed);
    spec.givenState(done).when(ingest(betId, { ...fc25Snapshot(90, [{ side: 'opponent', minute: 20 }, { side: 'challenger', minute: 5 }]), events: [] })).thenNothing();
    const settled = spec.givenState(midway).when({ type: 'CloseTracking', data: { betId, reason: 'settled' }, metadata: { now } }).after();
    spec.givenState(settled).when(ingest(betId, fc25Snapshot(90, []))).thenNothing();
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
            const events = spec.givenState(state).when(ingest(betId, fc25Snapshot(minute, goals))).events();
            if (i > 0) expect(events).toEqual([]);
            all.push(...events);
            state = fold(events, state);
          }
        }
        expect(all.filter((e) => e.type === 'GoalScored')).toHaveLength(goals.length);
        expect(new Set(all.map(liveEventId)).size).toBe(all.length);
        const single = tracked();
        const once = spec.givenState(single.state).when(ingest(single.betId, fc25Snapshot(95, goals))).after();
        expect(state).toMatchObject({ phase: 'completed', score: (once as { score: unknown }).score });
        expect(all.filter((e) => e.type === 'ResultSuggested')).toHaveLength(1);
      }),
    );
  });
});

describe('live decider: manual events', () => {
  it('records a player event with the fields its type reveals, integers only', () => {
    const { betId, a, state } = tracked('cod');
    const [event] = spec.givenState(state).when(manual(betId, a, 'kill', { kills: '3', deaths: 1.5, assists: 'x', round: 9 })).events();
    expect(event).toMatchObject({ type: 'ManualEventReported', data: { eventType: 'kill', data: { kills: 3, deaths: 0, assists: 0 }, reporter: { kind: 'player', userId: a } } });
    const [round] = spec.givenState(state).when(manual(betId, a, 'round_win', { round: 2, kills: 4 })).events();
    expect(round).toMatchObject({ data: { data: { round: 2 } } });
    const [start] = spec.givenState(state).when(manual(betId, a, 'match_start', { round: 2 })).events();
    expect(start).toMatchObject({ data: { data: {} } });
  });

  it('refuses a missing or unknown type, negatives, outsiders, and a closed match', () => {
    const { betId, a, state } = tracked('cod');
    expect(spec.givenState(state).when(manual(betId, a, undefined, {})).thenRefused()).toMatchObject({ status: 400, code: 'event_type_required' });
    expect(spec.givenState(state).when(manual(betId, a, 'headshot', {})).thenRefused()).toMatchObject({ status: 400, code: 'event_type_required' });
    expect(spec.givenState(state).when(manual(betId, a, 'death', { deaths: -1 })).thenRefused()).toMatchObject({ status: 400, code: 'manual_event_negative', params: { field: 'deaths' } });
    expect(spec.givenState(state).when(manual(betId, a, 'round_loss', { round: '-2' })).thenRefused()).toMatchObject({ status: 400, code: 'manual_event_negative' });
    expect(spec.givenState(state).when(manual(betId, randomUUID(), 'kill', {})).thenRefused()).toMatchObject({ status: 403, code: 'not_participant' });
    expect(spec.given().when(manual(betId, a, 'kill', {})).thenRefused()).toMatchObject({ status: 404 });
    const closed = spec.givenState(state).when({ type: 'CloseTracking', data: { betId, reason: 'disputed' }, metadata: { now } }).after();
    expect(spec.givenState(closed).when(manual(betId, a, 'kill', {})).thenRefused()).toMatchObject({ status: 409, code: 'bet_not_accepted' });
  });

  it('property: every numeric field is an integer from 0 to the maximum, or the event is refused naming the first that is not', () => {
    const { betId, a, state } = tracked('cod');
    const value = fc.oneof(fc.integer({ min: -50, max: 1000 }), fc.double(), fc.string(), fc.constant(null), fc.constant(undefined), fc.integer({ min: -50, max: 1000 }).map(String));
    fc.assert(
      fc.property(fc.constantFrom('kill', 'death', 'assist'), value, value, value, (type, kills, deaths, assists) => {
        const asInt = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\s*[+-]?\d{1,15}\s*$/.test(v) ? Number.parseInt(v, 10) : 0);
        // The fields are read in this order; the first out of range is the refusal (fc.double() yields integers past the maximum too).
        const outOfRange = [kills, deaths, assists].map(asInt).find((n) => n < 0 || n > MANUAL_EVENT_NUMBER_MAX);
        if (outOfRange !== undefined) return void expect(spec.givenState(state).when(manual(betId, a, type, { kills, deaths, assists })).thenRefused().code).toBe(outOfRange < 0 ? 'manual_event_negative' : 'manual_event_too_large');
        const [event] = spec.givenState(state).when(manual(betId, a, type, { kills, deaths, assists })).events();
        expect(event).toMatchObject({ data: { data: { kills: asInt(kills), deaths: asInt(deaths), assists: asInt(assists) } } });
      }),
    );
  });

  it('treats a resend under one id as one event, another event under it as a conflict, and limits the pace per player', () => {
    const { betId, a, b, state: start } = tracked('cod');
    const eventId = randomUUID();
    const stored = spec.givenState(start).when(manual(betId, a, 'kill', { kills: 1 }, now, eventId)).after();
    spec.givenState(stored).when(manual(betId, a, 'kill', { kills: 1 }, now, eventId)).thenNothing();
    expect(spec.givenState(stored).when(manual(betId, a, 'kill', { kills: 2 }, now, eventId)).thenRefused()).toMatchObject({ status: 409, code: 'idempotency_conflict' });
    let state = start;
    for (let i = 0; i < MANUAL_EVENTS_PER_WINDOW_MAX; i++) state = spec.givenState(state).when(manual(betId, a, 'assist', {}, new Date(now.getTime() + i))).after();
    expect(spec.givenState(state).when(manual(betId, a, 'assist', {}, new Date(now.getTime() + 1000))).thenRefused()).toMatchObject({ status: 429 });
    expect(spec.givenState(state).when(manual(betId, b, 'assist', {}, new Date(now.getTime() + 1000))).events()).toHaveLength(1);
    expect(spec.givenState(state).when(manual(betId, a, 'assist', {}, new Date(now.getTime() + 61_000))).events()).toHaveLength(1);
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
    spec.givenState(state).when(check(b, 'won')).thenNothing();
    const ended = spec.givenState(state).when(ingest(betId, fc25Snapshot(90, [{ side: 'challenger', minute: 5 }]))).after();
    spec.givenState(ended).when(check(a, 'won')).thenNothing();
    const flagged = spec.givenState(ended).when(check(b, 'won')).events();
    expect(flagged).toMatchObject([{ type: 'ReportContradictsTracker', data: { reporterId: b, reported: 'won', suggestedWinnerId: a } }]);
    spec.givenState(fold(flagged, ended)).when(check(b, 'won')).thenNothing();
  });
});

describe('live decider: a tracked match belongs to one bet', () => {
  const claimed = (betId: string, snapshot: MatchSnapshot, claimedByBet: boolean): LiveCommand => ({ type: 'IngestSnapshot', data: { betId, provider: 'fc25', snapshot, claimedByBet }, metadata: { now } });
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('ignores a match that started before the bet was accepted, even one nobody claimed', () => {
    const { betId, state } = tracked();
    const old = { ...fc25Snapshot(90, [{ side: 'challenger', minute: 5 }]), matchId: 'old', startTime: before(1) };
    expect(matchVerdict(state, old)).toEqual({ kind: 'ignore', reason: 'before_acceptance' });
    spec.givenState(state).when(claimed(betId, old, true)).thenNothing();
    expect(matchVerdict(state, { ...old, startTime: 'not a time' })).toEqual({ kind: 'ignore', reason: 'before_acceptance' });
  });

  it('records a match that started at or after the acceptance only once its claim names the bet, and then no other match', () => {
    const { betId, state } = tracked();
    const first = fc25Snapshot(30, [{ side: 'opponent', minute: 12 }]);
    expect(matchVerdict(state, first)).toEqual({ kind: 'claim' });
    spec.givenState(state).when(claimed(betId, first, false)).thenNothing();
    const bound = spec.givenState(state).when(claimed(betId, first, true)).after();
    expect(bound).toMatchObject({ matchId: 'm1' });
    expect(matchVerdict(bound, fc25Snapshot(60, []))).toEqual({ kind: 'bound' });
    const later = { ...fc25Snapshot(90, [{ side: 'challenger', minute: 3 }]), matchId: 'm2', startTime: new Date(now.getTime() + 600_000).toISOString() };
    expect(matchVerdict(bound, later)).toEqual({ kind: 'ignore', reason: 'another_match' });
    spec.givenState(bound).when(claimed(betId, later, true)).thenNothing();
    // A match not started yet binds nothing.
    expect(matchVerdict(state, { ...first, status: 'waiting' })).toEqual({ kind: 'ignore', reason: 'not_started' });
  });

  it('claim stream: the first claim wins, the owner claiming again decides nothing, a release lets another bet claim it', () => {
    const claim = (betId: string) => ({ type: 'ClaimProviderMatch' as const, data: { provider: 'fc25' as const, matchId: 'm1', betId, startTime: now.toISOString() }, metadata: { now } });
    const [b1, b2] = [randomUUID(), randomUUID()];
    const won = providerMatches.given().when(claim(b1)).events();
    expect(won).toMatchObject([{ type: 'ProviderMatchClaimed', data: { betId: b1, matchId: 'm1' } }]);
    const owned = providerMatches.stateOf(won);
    providerMatches.givenState(owned).when(claim(b2)).thenNothing();
    providerMatches.givenState(owned).when(claim(b1)).thenNothing();
    providerMatches.givenState(owned).when({ type: 'ReleaseProviderMatch', data: { provider: 'fc25', matchId: 'm1', betId: b2 }, metadata: { now } }).thenNothing();
    const released = providerMatches.givenState(owned).when({ type: 'ReleaseProviderMatch', data: { provider: 'fc25', matchId: 'm1', betId: b1 }, metadata: { now } }).after();
    expect(released.owner).toBeNull();
    const again = providerMatches.givenState(released).when(claim(b2)).events();
    expect(providerMatches.stateOf(again, released).owner).toBe(b2);
    expect(providerMatchEventId(again[0]!, 2)).not.toBe(providerMatchEventId(won[0]!, 0));
    expect(providerMatchStreamId('fc25', 'm1')).toBe('provider-match-fc25-m1');
  });
});
