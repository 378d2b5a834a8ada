// Proves the sandbox's simulated matches: the same seed plays the same match, what the providers show only grows as the match goes on, and the end shows every goal and round of the plan.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codView, fc25View, planOf, type SimulationSpec } from './simulation.js';

const spec = (over: Partial<SimulationSpec> = {}): SimulationSpec => ({ game: 'fc25', players: ['home_psn', 'away_psn'], seed: 1, matchDuration: 90, gameMode: 'team_deathmatch', roundLimit: 3, timeLimit: 10, ...over });
const at = '2026-11-24T12:00:00.000Z';

describe('simulated matches', () => {
  it('plays the same match from the same seed', () => {
    expect(planOf(spec({ seed: 9 }))).toEqual(planOf(spec({ seed: 9 })));
    expect(fc25View('m', spec({ seed: 9 }), planOf(spec({ seed: 9 })), 0.5, 'running', at)).toEqual(fc25View('m', spec({ seed: 9 }), planOf(spec({ seed: 9 })), 0.5, 'running', at));
  });

  it('property: FC25 scores, minutes and events and COD stats never go back as the match goes on; the end shows the whole plan', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(30, 45, 90, 120), fc.constantFrom('team_deathmatch', 'search_destroy', 'gunfight'), fc.integer({ min: 1, max: 11 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 }), (seed, matchDuration, gameMode, roundLimit, steps) => {
        const s = spec({ seed, matchDuration, gameMode, roundLimit });
        const plan = planOf(s);
        const progress = [...steps].sort((a, b) => a - b);
        let last = { minute: -1, goals: -1, events: -1, kills: -1, damage: -1, rounds: -1 };
        for (const p of progress) {
          const f = fc25View('m', s, plan, p, 'running', at);
          const c = codView('m', s, plan, p, 'running', at, 0);
          const now = { minute: f.minute, goals: f.home.score + f.away.score, events: f.events.length, kills: c.playerStats.kills, damage: c.playerStats.damage, rounds: c.rounds.length };
          for (const k of Object.keys(now) as (keyof typeof now)[]) expect(now[k]).toBeGreaterThanOrEqual(last[k]);
          expect(f.possession.home + f.possession.away).toBe(100);
          last = now;
        }
        const end = fc25View('m', s, plan, 1, 'running', at);
        expect(end).toMatchObject({ status: 'completed', minute: matchDuration });
        expect(end.home.score + end.away.score).toBe(plan.goals.length);
        const codEnd = codView('m', s, plan, 1, 'running', at, 1);
        expect(codEnd.rounds).toHaveLength(roundLimit);
        expect(codEnd.playerStats.kills).toBe(plan.rounds.reduce((sum, r) => sum + r.kills[1], 0));
      }),
    );
  });

  it('ends a match at its full result, whatever its progress', () => {
    const s = spec({ game: 'cod', roundLimit: 5 });
    expect(codView('m', s, planOf(s), 0.1, 'completed', at, 0)).toMatchObject({ status: 'completed', rounds: expect.arrayContaining([expect.objectContaining({ round: 5 })]) });
    expect(fc25View('m', spec(), planOf(spec()), 0.2, 'paused', at).status).toBe('paused');
  });
});
