// Proves the live match view as the screens read it: folded from the match stream's events, keeping the timeline, stats, history, manual events, suggestion and flags.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveDecider, type LiveCommand, type LiveEvent, type LiveState, type MatchSnapshot } from '@wager/domain/live/index';
import { applyToView, emptyView, type LiveView } from './view.js';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('live match view', () => {
  it('shows what the stream recorded: start, goals, progress, end, suggestion, manual events and flags', () => {
    const [betId, a, b] = [randomUUID(), randomUUID(), randomUUID()];
    const commands: LiveCommand[] = [
      { type: 'StartTracking', data: { betId, gameType: 'fc25', challenger: { userId: a, handle: 'a' }, opponent: { userId: b, handle: 'b' }, rules: { handicap: 1, matchDuration: 90, gameMode: null, roundLimit: null }, acceptedAt: now.toISOString() }, metadata: { now } },
    ];
    const snapshot = (minute: number, status: MatchSnapshot['status'], goals: number): MatchSnapshot => ({
      matchId: 'm1', status, minute, startTime: now.toISOString(), gameMode: 'Kick Off', map: null, score: { challenger: goals, opponent: 0 },
      stats: { challenger: null, opponent: null }, possession: { challenger: 55, opponent: 45 }, teams: { challenger: null, opponent: null },
      events: Array.from({ length: goals }, (_, i) => ({ id: `g${i}`, type: 'goal' as const, minute: 10 + i, side: 'challenger' as const, player: 'P', round: null })),
    });
    commands.push({ type: 'IngestSnapshot', data: { betId, provider: 'fc25', snapshot: snapshot(30, 'in_progress', 1), claimedByBet: true }, metadata: { now } });
    commands.push({ type: 'ReportManualEvent', data: { betId, eventId: randomUUID(), reporter: { kind: 'player', userId: b }, eventType: 'match_start', data: {} }, metadata: { now } });
    commands.push({ type: 'IngestSnapshot', data: { betId, provider: 'fc25', snapshot: snapshot(90, 'completed', 2), claimedByBet: true }, metadata: { now } });
    commands.push({ type: 'CheckReport', data: { betId, reporterId: b, result: 'won' }, metadata: { now } });
    let state: LiveState = liveDecider.initialState();
    let view: LiveView = emptyView();
    for (const command of commands) {
      const events: LiveEvent[] = liveDecider.decide(command, state);
      for (const event of events) {
        state = liveDecider.evolve(state, event);
        view = applyToView(view, randomUUID(), event);
      }
    }
    expect(view).toMatchObject({
      matchId: 'm1', status: 'completed', currentMinute: 90, challengerScore: 2, opponentScore: 0, possession: { challenger: 55, opponent: 45 }, handicap: 1, matchDuration: 90,
      history: [{ matchId: 'm1', gameMode: 'Kick Off' }],
      suggestion: { winnerId: a, challengerTotal: 3, opponentTotal: 0, matchId: 'm1' },
      flags: [{ reporterId: b, reported: 'won', suggestedWinnerId: a }],
      manualEvents: [{ reporterId: b, eventType: 'match_start' }],
    });
    expect(view.events.map((e) => e.type)).toEqual(['match_start', 'goal', 'manual', 'goal', 'match_end']);
  });
});
