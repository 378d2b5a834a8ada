// Proves that one provider match feeds at most one bet: over generated sequences of bets between the same two players, provider matches between them, polls of any match (old ones included) for any bet, polls racing each other, and bets closing, the ingest command (claim stream, then the bet's match stream) never records one match in two bets, and each bet records only its own match, started at or after its acceptance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore } from '@wager/domain';
import { matchStreamId, providerMatchDecider, providerMatchStreamId, type MatchSnapshot, type ProviderMatchEvent } from '@wager/domain/live/index';
import { closeTracking, ingestSnapshot, startTracking } from './commands.js';

class TestClock {
  private at = Date.parse('2026-11-26T20:00:00.000Z');
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

const [ADA, BOLU] = ['0b7a4b8e-3f0e-4d7e-9a35-2f3c1b1e7a01', '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02'];

interface Match {
  readonly id: string;
  readonly startTime: string;
  readonly goals: readonly { readonly side: 'challenger' | 'opponent'; readonly minute: number }[];
}

/** What the FC25 provider shows of a match at a minute (90: the end). */
function snapshotOf(m: Match, minute: number): MatchSnapshot {
  const seen = m.goals.filter((g) => g.minute <= minute);
  return {
    matchId: m.id,
    status: minute >= 90 ? 'completed' : 'in_progress',
    minute: Math.min(minute, 90),
    startTime: m.startTime,
    gameMode: 'Head to Head',
    map: null,
    score: { challenger: seen.filter((g) => g.side === 'challenger').length, opponent: seen.filter((g) => g.side === 'opponent').length },
    stats: { challenger: null, opponent: null },
    possession: { challenger: 50, opponent: 50 },
    teams: { challenger: null, opponent: null },
    events: seen.map((g, i) => ({ id: `goal-${i}`, type: 'goal' as const, minute: g.minute, side: g.side, player: `P${i}`, round: null })),
  };
}

type Step =
  | { kind: 'accept' }
  | { kind: 'start'; goals: Match['goals'] }
  | { kind: 'advance'; ms: number }
  | { kind: 'poll'; bet: number; match: number; minute: number }
  | { kind: 'race'; polls: { bet: number; match: number; minute: number }[] }
  | { kind: 'close'; bet: number };

const poll = fc.record({ bet: fc.nat(7), match: fc.nat(7), minute: fc.integer({ min: 0, max: 95 }) });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'accept' as const }),
  fc.record({ kind: fc.constant('start' as const), goals: fc.array(fc.record({ side: fc.constantFrom('challenger' as const, 'opponent' as const), minute: fc.integer({ min: 1, max: 90 }) }), { maxLength: 4 }) }),
  // 0 ms too: a match may start in the very millisecond the bet is accepted.
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 30_000, 600_000) }),
  poll.map((p) => ({ kind: 'poll' as const, ...p })),
  poll.map((p) => ({ kind: 'poll' as const, ...p })),
  fc.record({ kind: fc.constant('race' as const), polls: fc.array(poll, { minLength: 2, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('close' as const), bet: fc.nat(7) }),
);

describe('one provider match, one bet', () => {
  it('property: no provider match feeds two bets, and each bet records only its own match, started since its acceptance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const clock = new TestClock();
        const store = new InMemoryEventStore({ now: () => clock.now() });
        const deps = { store, clock };
        const bets: { id: string; acceptedAt: string }[] = [];
        const matches: Match[] = [];
        const pollOne = async (p: { bet: number; match: number; minute: number }) => {
          const bet = bets[p.bet % Math.max(1, bets.length)];
          const match = matches[p.match % Math.max(1, matches.length)];
          if (bet && match) await ingestSnapshot(deps, bet.id, 'fc25', snapshotOf(match, p.minute));
        };
        for (const s of steps) {
          if (s.kind === 'accept') {
            const id = crypto.randomUUID();
            const acceptedAt = clock.now().toISOString();
            bets.push({ id, acceptedAt });
            await startTracking(deps, { betId: id, gameType: 'fc25', challenger: { userId: ADA, handle: 'ada_lagos' }, opponent: { userId: BOLU, handle: 'bolu' }, rules: { handicap: 0, matchDuration: 90, gameMode: null, roundLimit: null }, acceptedAt }, crypto.randomUUID());
          } else if (s.kind === 'start') matches.push({ id: `fc25-match-${matches.length + 1}`, startTime: clock.now().toISOString(), goals: s.goals });
          else if (s.kind === 'advance') clock.advance(s.ms);
          else if (s.kind === 'poll') await pollOne(s);
          else if (s.kind === 'race') await Promise.all(s.polls.map(pollOne));
          else if (bets.length > 0) await closeTracking(deps, bets[s.bet % bets.length]!.id, 'settled', crypto.randomUUID());
        }

        const recordedBy = new Map<string, string>();
        for (const bet of bets) {
          const events = await store.readStream(matchStreamId(bet.id));
          const matchIds = new Set(events.map((e) => (e.data as { matchId?: string }).matchId).filter((id): id is string => id !== undefined));
          // Each bet's evidence comes from one match, and one that started at or after its acceptance.
          expect(matchIds.size).toBeLessThanOrEqual(1);
          for (const matchId of matchIds) {
            const match = matches.find((m) => m.id === matchId)!;
            expect(Date.parse(match.startTime)).toBeGreaterThanOrEqual(Date.parse(bet.acceptedAt));
            // No provider match feeds two bets.
            expect(recordedBy.get(matchId), matchId).toBeUndefined();
            recordedBy.set(matchId, bet.id);
          }
          expect(events.filter((e) => e.type === 'ResultSuggested').length).toBeLessThanOrEqual(1);
        }
        // Every claim that stands names the bet that recorded the match (or one still free to).
        for (const match of matches) {
          const claims = await store.readStream(providerMatchStreamId('fc25', match.id));
          const owner = claims.map((e) => ({ type: e.type, data: e.data }) as ProviderMatchEvent).reduce(providerMatchDecider.evolve, providerMatchDecider.initialState()).owner;
          const recorder = recordedBy.get(match.id);
          if (recorder !== undefined) expect(owner).toBe(recorder);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('two bets in a row between the same players: the second never records the first one’s match, and gets its own', async () => {
    const clock = new TestClock();
    const store = new InMemoryEventStore({ now: () => clock.now() });
    const deps = { store, clock };
    const open = async () => {
      const id = crypto.randomUUID();
      await startTracking(deps, { betId: id, gameType: 'fc25', challenger: { userId: ADA, handle: 'ada_lagos' }, opponent: { userId: BOLU, handle: 'bolu' }, rules: { handicap: 0, matchDuration: 90, gameMode: null, roundLimit: null }, acceptedAt: clock.now().toISOString() }, crypto.randomUUID());
      return id;
    };
    const first = await open();
    clock.advance(1000);
    const old: Match = { id: 'fc25-old', startTime: clock.now().toISOString(), goals: [{ side: 'challenger', minute: 10 }, { side: 'challenger', minute: 50 }, { side: 'opponent', minute: 70 }] };
    expect(await ingestSnapshot(deps, first, 'fc25', snapshotOf(old, 90))).toBeGreaterThan(0);
    clock.advance(60_000);
    const second = await open();
    // The provider still shows the old match: nothing for the second bet, polled again and again.
    for (let i = 0; i < 3; i++) expect(await ingestSnapshot(deps, second, 'fc25', snapshotOf(old, 90))).toBe(0);
    clock.advance(30_000);
    const own: Match = { id: 'fc25-new', startTime: clock.now().toISOString(), goals: [] };
    expect(await ingestSnapshot(deps, second, 'fc25', snapshotOf(own, 90))).toBeGreaterThan(0);
    // The first bet, still open, does not take the second bet's match either.
    expect(await ingestSnapshot(deps, first, 'fc25', snapshotOf(own, 90))).toBe(0);
    const types = (await store.readStream(matchStreamId(second))).map((e) => [e.type, (e.data as { matchId?: string }).matchId]);
    expect(types.filter(([, matchId]) => matchId !== undefined).every(([, matchId]) => matchId === 'fc25-new')).toBe(true);
    expect(types.filter(([type]) => type === 'ResultSuggested')).toHaveLength(1);
  });
});
