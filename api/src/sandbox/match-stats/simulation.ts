/**
 * A simulated match, played from a seed: the same seed always plays the same match. What the
 * providers show at any moment is a pure function of the match's plan and its progress (0 at
 * kick-off, 1 at the end), so pausing, resuming and fast-forwarding are just changes of progress.
 *
 * FC25: goals at random minutes of the bet's match duration, possession drifting around 50 %,
 * half time at half the duration, full time at its end. COD: the bet's game mode and round
 * limit; kills, deaths, assists and damage accumulate through each round at the mode's pace, and
 * each round goes to the player with more kills in it.
 */
import type { CodMatchWire, Fc25MatchWire } from '../../adapters/match-stats/wire.js';

export interface SimulationSpec {
  readonly game: 'fc25' | 'cod';
  /** Handles: PSN ids (fc25, home then away) or Activision ids (cod). */
  readonly players: readonly [string, string];
  readonly seed: number;
  readonly matchDuration: number;
  readonly gameMode: string;
  readonly roundLimit: number;
  readonly timeLimit: number;
}

/** mulberry32: a small seeded generator, enough for a believable match. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCORERS = ['Mbappé', 'Haaland', 'Kane', 'Salah', 'Vinícius Jr', 'Osimhen', 'Saka', 'Lewandowski', 'Bellingham', 'Lautaro'];
const MAPS = ['Rust', 'Shipment', 'Nuketown', 'Terminal', 'Highrise', 'Skidrow', 'Favela'];
/** Kills a player makes per round, on average, by game mode. */
const KILLS_PER_ROUND: Record<string, number> = { team_deathmatch: 14, domination: 11, hardpoint: 12, control: 8, search_destroy: 3, gunfight: 2 };
const TEAM_SIZE: Record<string, number> = { gunfight: 2, search_destroy: 5 };

interface Goal {
  readonly minute: number;
  readonly team: 'home' | 'away';
  readonly player: string;
}
interface CodRound {
  readonly kills: readonly [number, number];
  readonly deaths: readonly [number, number];
  readonly assists: readonly [number, number];
  readonly damage: readonly [number, number];
  readonly winner: 0 | 1;
}

export interface Plan {
  readonly goals: readonly Goal[];
  readonly possessionBase: number;
  readonly rounds: readonly CodRound[];
  readonly map: string;
  readonly mates: readonly [readonly string[], readonly string[]];
}

export function planOf(spec: SimulationSpec): Plan {
  const rand = generator(spec.seed);
  const int = (n: number) => Math.floor(rand() * n);
  const goals: Goal[] = Array.from({ length: int(6) }, () => ({ minute: 1 + int(spec.matchDuration - 1), team: rand() < 0.5 ? ('home' as const) : ('away' as const), player: SCORERS[int(SCORERS.length)]! })).sort((a, b) => a.minute - b.minute);
  const pace = KILLS_PER_ROUND[spec.gameMode] ?? 10;
  const rounds: CodRound[] = Array.from({ length: spec.roundLimit }, () => {
    const kills: [number, number] = [Math.round(pace * (0.5 + rand())), Math.round(pace * (0.5 + rand()))];
    const deaths: [number, number] = [kills[1] + int(3), kills[0] + int(3)];
    const assists: [number, number] = [Math.round(kills[0] * 0.4 * rand()), Math.round(kills[1] * 0.4 * rand())];
    const damage: [number, number] = [kills[0] * 100 + int(250), kills[1] * 100 + int(250)];
    const winner: 0 | 1 = kills[0] > kills[1] ? 0 : kills[1] > kills[0] ? 1 : rand() < 0.5 ? 0 : 1;
    return { kills, deaths, assists, damage, winner };
  });
  const size = TEAM_SIZE[spec.gameMode] ?? 6;
  const mates = (handle: string) => Array.from({ length: size - 1 }, (_, k) => `${handle.slice(0, 12)}_mate${k + 1}`);
  return { goals, possessionBase: 42 + int(17), rounds, map: MAPS[int(MAPS.length)]!, mates: [mates(spec.players[0]), mates(spec.players[1])] };
}

export type RunState = 'running' | 'paused' | 'completed';

export function fc25View(id: string, spec: SimulationSpec, plan: Plan, progress: number, run: RunState, startTime: string): Fc25MatchWire {
  const completed = progress >= 1 || run === 'completed';
  const minute = completed ? spec.matchDuration : Math.floor(progress * spec.matchDuration);
  const goals = plan.goals.filter((g) => completed || g.minute <= minute);
  const half = Math.floor(spec.matchDuration / 2);
  const drift = Math.round(6 * Math.sin(spec.seed + minute / 7));
  const home = Math.max(25, Math.min(75, plan.possessionBase + drift));
  const events: Fc25MatchWire['events'] = [{ id: 'start', type: 'match_start', minute: 0, team: null, player: null }];
  goals.forEach((g, i) => events.push({ id: `goal-${i + 1}`, type: 'goal', minute: g.minute, team: g.team, player: g.player }));
  if (minute >= half) events.push({ id: 'half-time', type: 'half_time', minute: half, team: null, player: null });
  if (completed) events.push({ id: 'full-time', type: 'full_time', minute: spec.matchDuration, team: null, player: null });
  events.sort((a, b) => a.minute - b.minute);
  return {
    matchId: id,
    status: completed ? 'completed' : run === 'paused' ? 'paused' : 'in_progress',
    gameMode: 'Head to Head',
    startTime,
    minute,
    matchDuration: spec.matchDuration,
    home: { psnId: spec.players[0], score: goals.filter((g) => g.team === 'home').length },
    away: { psnId: spec.players[1], score: goals.filter((g) => g.team === 'away').length },
    possession: { home, away: 100 - home },
    events,
  };
}

/** One COD player's view of the match (`who` 0 or 1) at a progress. */
export function codView(id: string, spec: SimulationSpec, plan: Plan, progress: number, run: RunState, startTime: string, who: 0 | 1): CodMatchWire {
  const completed = progress >= 1 || run === 'completed';
  const at = completed ? spec.roundLimit : progress * spec.roundLimit;
  const stats = { kills: 0, deaths: 0, assists: 0, damage: 0 };
  const rounds: CodMatchWire['rounds'] = [];
  plan.rounds.forEach((r, i) => {
    const share = Math.max(0, Math.min(1, at - i));
    stats.kills += Math.floor(r.kills[who] * share);
    stats.deaths += Math.floor(r.deaths[who] * share);
    stats.assists += Math.floor(r.assists[who] * share);
    stats.damage += Math.floor(r.damage[who] * share);
    if (share >= 1) rounds.push({ round: i + 1, won: r.winner === who });
  });
  const handle = spec.players[who];
  return {
    matchId: id,
    status: completed ? 'completed' : run === 'paused' ? 'paused' : 'in_progress',
    gameMode: spec.gameMode,
    map: plan.map,
    startTime,
    minutesPlayed: Math.floor((completed ? 1 : progress) * spec.timeLimit),
    roundLimit: spec.roundLimit,
    rounds,
    playerStats: stats,
    teamInfo: { teamName: `${handle} Squad`, teamSize: plan.mates[who].length + 1, players: [handle, ...plan.mates[who]] },
  };
}
